import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// Issue 28 item 1, through the real binary with the default config: typographic quotes a call writes
// are kept byte for byte in every writer (they were rewritten to ASCII inside string literals, which
// broke JSON, JavaScript and Python). Matching stays tolerant: ASCII quotes in a search find them.
let home: string;
let repo: string;

beforeEach(async () => {
  home = await tempDir('codeward-quotes-home-');
  repo = await tempDir('codeward-quotes-repo-');
});

afterEach(async () => {
  await removeDir(home);
  await removeDir(repo);
});

const cli = (args: string[]) => runCli(['--json', '-C', repo, ...args], { env: { HOME: home, CODEWARD_STATE_DIR: join(home, '.state') } });
const text = (path: string) => readFile(join(repo, path), 'utf8');

const JSON_TEXT = '{"greeting": "Say “hello” to everyone"}\n';
const JS_TEXT = "console.log('Don’t panic');\n";
const PY_TEXT = 'print("It’s “quoted”")\n';

describe('typographic quotes in written text are kept', () => {
  it('write and create: JSON stays valid, JS and Python strings keep their text', async () => {
    expect(cli(['write', '--file', 'greeting.json', '--content', JSON_TEXT]).json.ok).toBe(true);
    expect(JSON.parse(await text('greeting.json'))).toEqual({ greeting: 'Say “hello” to everyone' });
    const created = cli(['create', '--files', JSON.stringify([{ path: 'a.js', content: JS_TEXT }, { path: 'b.py', content: PY_TEXT }])]);
    expect(created.json.ok).toBe(true);
    expect(await text('a.js')).toBe(JS_TEXT);
    expect(await text('b.py')).toBe(PY_TEXT);
    // Said, never done: a model that meant ASCII quotes learns where they are.
    expect(created.json.warnings).toEqual([
      expect.stringContaining('a.js: 1 typographic quote (‘ ’ “ ” ′ ″ « ») written as given (the first in "console.log(\'Don’t panic\');")'),
      expect.stringContaining('b.py: 3 typographic quotes'),
    ]);
  });

  it('patch, multipatch and update keep them in the replacement', async () => {
    await writeFiles(repo, { 'greeting.json': '{"greeting": "hi"}\n', 'a.js': "console.log('x');\n", 'b.py': 'print("x")\n' });
    expect(cli(['patch', '--file', 'greeting.json', '--search', '"hi"', '--replace', '"Say “hello” to everyone"']).json.ok).toBe(true);
    expect(JSON.parse(await text('greeting.json'))).toEqual({ greeting: 'Say “hello” to everyone' });
    expect(cli(['multipatch', '--edits', JSON.stringify([{ file: 'a.js', search: "'x'", replace: "'Don’t panic'" }])]).json.ok).toBe(true);
    expect(await text('a.js')).toBe(JS_TEXT);
    expect(cli(['update', '--files', JSON.stringify([{ path: 'b.py', ops: [{ op: 'update_lines', from_line: 1, to_line: 1, content: 'print("It’s “quoted”")' }] }])]).json.ok).toBe(true);
    expect(await text('b.py')).toBe(PY_TEXT);
  });

  it('the search stays tolerant: ASCII quotes find the typographic ones, and the rest of the line is kept', async () => {
    await writeFiles(repo, { 'greeting.json': JSON_TEXT });
    const result = cli(['patch', '--file', 'greeting.json', '--search', 'Say "hello" to', '--replace', 'Say “hi” to']);
    expect(result.json.ok).toBe(true);
    expect(JSON.parse(await text('greeting.json'))).toEqual({ greeting: 'Say “hi” to everyone' });
  });
});
