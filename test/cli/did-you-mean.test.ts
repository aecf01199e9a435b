import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// A path that is not found names the one file of that name elsewhere (newcomer pass: `read --file num.js`
// for test/num.js), from the listing a model could see with tree: never a hidden or gitignored name.

let root: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('codeward-dym-');
  state = await tempDir('codeward-dym-state-');
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const cli = (args: string[]) => runCli(['-C', root, ...args], { env: { CODEWARD_STATE_DIR: state, HOME: state } });

describe('did you mean', () => {
  it('read, patch, replace-symbol and git-log name the single file of that name', async () => {
    await writeFiles(root, { 'test/num.js': 'function num() { return 1; }\n', 'src/a.js': 'a\n' });
    for (const args of [
      ['read', '--file', 'num.js'],
      ['patch', '--file', 'num.js', '--search', 'return 1', '--replace', 'return 2'],
      ['replace-symbol', '--file', 'num.js', '--symbol', 'num', '--content', 'function num() {}'],
      ['read', '--file', 'lib/NUM.js'],
    ]) {
      const result = cli(args);
      expect(result.status, args.join(' ')).not.toBe(0);
      expect(result.stderr, args.join(' ')).toContain('did you mean test/num.js?');
    }
    const json = cli(['--json', 'read', '--file', 'num.js']).json;
    expect(json.error?.code).toBe('C211');
    expect(json.error?.message).toBe('num.js: no such file or directory, or not accessible; did you mean test/num.js?');
  });

  it('two or three candidates are listed; none or many: no guess', async () => {
    await writeFiles(root, { 'a/x.js': '', 'b/x.js': '', 'c/y.js': '', 'd/y.js': '', 'e/y.js': '', 'f/y.js': '' });
    expect(cli(['read', '--file', 'x.js']).stderr).toContain('did you mean one of a/x.js, b/x.js?');
    expect(cli(['read', '--file', 'y.js']).stderr).toBe('error C211: y.js: no such file or directory, or not accessible\n');
    expect(cli(['read', '--file', 'z.js']).stderr).toBe('error C211: z.js: no such file or directory, or not accessible\n');
  });

  it('attacker: a non-accessible, hidden or gitignored file of that name is never named', async () => {
    await writeFiles(root, {
      '.codeward/config.json': JSON.stringify({ nonAccessibleGlobs: ['**/.env', '**/.env.!(example|sample|template|dist)', '**/*.pem', '**/*.key', '**/secrets/**'] }),
      'secrets/token.txt': 'hunter2\n',
      '.hidden/key.txt': 'k\n',
      'build/out.txt': 'o\n',
      '.gitignore': 'build/\n',
    });
    for (const name of ['token.txt', 'key.txt', 'out.txt']) {
      const result = cli(['read', '--file', name]);
      expect(result.stderr, name).toBe(`error C211: ${name}: no such file or directory, or not accessible\n`);
    }
  });

  it('write that creates a file beside the one of that name says so (a warning: the write is done)', async () => {
    await writeFiles(root, { 'test/num.js': 'x\n' });
    const result = cli(['write', '--file', 'num.js', '--content', 'y']);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('num.js did not exist and was created; test/num.js has the same name: if you meant that file, undo and write test/num.js');
    const again = cli(['write', '--file', 'num.js', '--content', 'z']);
    expect(again.stderr).not.toContain('same name');
  });
});
