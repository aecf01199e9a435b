import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { searchCommand, type SearchData } from '../../src/commands/search.js';
import { engineFor, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let engine: Engine;

const FILES: Record<string, string | Uint8Array> = {
  '.gitignore': 'build/\n*.log\n',
  'README.md': '# Readme\nA Needle in the readme\n',
  'src/app.ts': 'const a = { b: (x: number) => x };\nconst needle = a.b(1);\n// NEEDLE upper\n',
  'src/dots.txt': 'axb(\na.b(\n',
  'src/.gitignore': 'generated.ts\n',
  'src/generated.ts': 'needle generated\n',
  'src/debug.log': 'needle log\n',
  'src/util/str.ts': 'export const needleStr = "needle";\n',
  'deep/.gitignore': 'inner/*.tmp\n',
  'deep/inner/skip.tmp': 'needle anchored-ignored\n',
  'deep/inner/keep.txt': 'needle kept\n',
  'build/out.js': 'needle build\n',
  '.hidden/x.txt': 'needle hidden\n',
  '.dotfile': 'needle dot\n',
  'node_modules/pkg/index.js': 'needle nm\n',
  'vendor/lib.go': 'needle vendor\n',
  '.git/HEAD': 'needle git\n',
  '.env': 'NEEDLE=secret\n',
  'config/.env.local': 'needle=secret\n',
  'secrets/token.txt': 'needle secret\n',
  'keys/server.pem': 'needle pem\n',
  'bin.dat': Buffer.concat([Buffer.from('needle binary '), Buffer.from([0, 1, 2, 0]), Buffer.from(' needle\n')]),
};

// Paths the default search for "needle" must return (gitignore, hidden, node_modules, vendor, binary,
// non-accessible all applied), in tree order.
const VISIBLE = ['README.md', 'deep/inner/keep.txt', 'src/app.ts', 'src/util/str.ts'];

beforeEach(async () => {
  root = await tempDir();
  await writeFiles(root, FILES);
  engine = await engineFor(root);
});
afterEach(async () => removeDir(root));

async function search(args: Record<string, unknown>, cmd = 'search'): Promise<SearchData & { warnings: string[] }> {
  const envelope = await engine.run({ cmd, args });
  if (!envelope.ok) throw new Error(JSON.stringify(envelope));
  return { ...(envelope.data as SearchData), warnings: [...envelope.warnings] };
}

async function failure(args: Record<string, unknown>): Promise<{ code: string; message: string }> {
  const envelope = await engine.run({ cmd: 'search', args });
  if (envelope.ok) throw new Error(`expected a failure: ${JSON.stringify(envelope)}`);
  return envelope.error;
}

const files = (data: SearchData) => [...new Set(data.matches.map((match) => match.path))];

describe('search (ripgrep)', () => {
  it('finds a literal term, case-insensitively, as structured matches in tree order', async () => {
    const data = await search({ term: 'needle' });
    expect(data.engine).toBe('ripgrep');
    expect(files(data)).toEqual(VISIBLE);
    expect(data.matches.filter((match) => match.path === 'src/app.ts')).toEqual([
      { path: 'src/app.ts', line: 2, column: 7, text: 'const needle = a.b(1);' },
      { path: 'src/app.ts', line: 3, column: 4, text: '// NEEDLE upper' },
    ]);
    expect(data.truncated).toBe(false);
    expect(data.warnings).toEqual([]);
  });

  it('treats regex metacharacters literally by default', async () => {
    const data = await search({ term: 'a.b(' });
    expect(data.matches).toEqual([
      { path: 'src/app.ts', line: 2, column: 16, text: 'const needle = a.b(1);' },
      { path: 'src/dots.txt', line: 2, column: 1, text: 'a.b(' },
    ]);
  });

  it('--regex uses a regular expression', async () => {
    const data = await search({ term: 'a.b\\(', regex: true, dir: 'src' });
    expect(data.matches.map((match) => `${match.path}:${match.line}`)).toEqual(['src/app.ts:2', 'src/dots.txt:1', 'src/dots.txt:2']);
    const words = await search({ term: '\\bneedle\\b', regex: true, caseSensitive: true });
    expect(words.matches.map((match) => `${match.path}:${match.line}:${match.column}`)).toEqual(['deep/inner/keep.txt:1:1', 'src/app.ts:2:7', 'src/util/str.ts:1:27']);
  });

  it('--regex with look-around or a backreference runs (PCRE2 where rg\'s own engine cannot)', async () => {
    const ahead = await search({ term: 'needle(?=Str)', regex: true, caseSensitive: true });
    expect(ahead.matches.map((match) => `${match.path}:${match.line}:${match.column}`)).toEqual(['src/util/str.ts:1:14']);
    const behind = await search({ term: '(?<=const )needle', regex: true });
    expect(behind.matches.map((match) => `${match.path}:${match.line}:${match.column}`)).toEqual(['src/app.ts:2:7', 'src/util/str.ts:1:14']);
    const repeated = await search({ term: 'n(e)\\1dle k', regex: true });
    expect(repeated.matches.map((match) => match.path)).toEqual(['deep/inner/keep.txt']);
  });

  it('is case-insensitive by default; --case-sensitive (or ignoreCase false) matches case', async () => {
    expect((await search({ term: 'NEEDLE' })).matches.length).toBe(5);
    const exact = await search({ term: 'NEEDLE', caseSensitive: true });
    expect(exact.matches).toEqual([{ path: 'src/app.ts', line: 3, column: 4, text: '// NEEDLE upper' }]);
    expect((await search({ term: 'NEEDLE', ignoreCase: false })).matches).toEqual(exact.matches);
    expect((await search({ term: 'NEEDLE', ignoreCase: true })).matches.length).toBe(5);
    expect(await failure({ term: 'x', caseSensitive: true, ignoreCase: true })).toMatchObject({ code: 'C210' });
  });

  it('respects .gitignore files: the root one, nested ones, and those above a subfolder --dir', async () => {
    expect(files(await search({ term: 'needle', dir: 'src' }))).toEqual(['src/app.ts', 'src/util/str.ts']);
    // deep/.gitignore has an anchored pattern (inner/*.tmp): it applies when searching deep/inner too.
    expect(files(await search({ term: 'needle', dir: 'deep/inner' }))).toEqual(['deep/inner/keep.txt']);
    expect(files(await search({ term: 'needle', dir: 'deep' }))).toEqual(['deep/inner/keep.txt']);
  });

  it('--include-hidden adds dot-files, node_modules, vendor and gitignored files, never .git', async () => {
    expect(files(await search({ term: 'needle', includeHidden: true }))).toEqual([
      '.dotfile',
      '.hidden/x.txt',
      'README.md',
      'build/out.js',
      'deep/inner/keep.txt',
      'deep/inner/skip.tmp',
      'node_modules/pkg/index.js',
      'src/app.ts',
      'src/debug.log',
      'src/generated.ts',
      'src/util/str.ts',
      'vendor/lib.go',
    ]);
  });

  it('skips binary files', async () => {
    const data = await search({ term: 'binary', includeHidden: true });
    expect(data.matches).toEqual([]);
    // Named explicitly it is still not reported as text.
    expect((await search({ term: 'needle', glob: '*.dat', includeHidden: true })).matches).toEqual([]);
  });

  it('never searches or lists non-accessible files, even with --include-hidden', async () => {
    for (const includeHidden of [false, true]) {
      const data = await search({ term: 'secret', includeHidden, searchPaths: true });
      expect(data.matches).toEqual([]);
      const names = await search({ term: 'e', includeHidden, searchPaths: true, searchContent: false, maxResults: 1000 });
      const listed = names.pathMatches!.map((match) => match.path);
      expect(listed).toContain('README.md');
      for (const hidden of ['.env', 'config/.env.local', 'secrets/token.txt', 'keys/server.pem']) expect(listed).not.toContain(hidden);
    }
    // A --glob that names them does not bring them back.
    expect((await search({ term: 'needle', glob: '.env,*.pem,secrets/**', includeHidden: true })).matches).toEqual([]);
    expect(await failure({ term: 'needle', dir: 'secrets' })).toMatchObject({ code: 'C211' });
    expect(await failure({ term: 'needle', dir: '.env' })).toMatchObject({ code: 'C211' });
  });

  it('counts columns in Unicode code points', async () => {
    await writeFile(join(root, 'uni.txt'), 'é€😀 needle\nx\u{1F469}\u200D\u{1F4BB}needle\n');
    const data = await search({ term: 'NEEDLE', dir: 'uni.txt' });
    expect(data.matches).toEqual([
      { path: 'uni.txt', line: 1, column: 5, text: 'é€😀 needle' },
      { path: 'uni.txt', line: 2, column: 5, text: 'x\u{1F469}\u200D\u{1F4BB}needle' },
    ]);
  });

  it('reports lines that are not UTF-8 with a column over the decoded text', async () => {
    await writeFile(join(root, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x0a]));
    const data = await search({ term: 'needle', dir: 'latin1.txt' });
    expect(data.matches).toEqual([{ path: 'latin1.txt', line: 1, column: 6, text: 'caf\uFFFD needle' }]);
  });

  it('cuts long lines on a code point boundary, keeping the match visible', async () => {
    const head = `needle${'a'.repeat(493)}😀bbbb`; // the emoji is code point 500
    const tail = `${'c'.repeat(1000)}needle${'d'.repeat(1000)}`;
    await writeFile(join(root, 'long.txt'), `${head}\n${tail}\r\n`);
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    for (const maxLineLength of [499, 500]) {
      const [first, second] = (await search({ term: 'needle', dir: 'long.txt', maxLineLength })).matches;
      expect(first!.column).toBe(1);
      expect(first!.text.endsWith('…')).toBe(true);
      expect([...first!.text].length).toBe(maxLineLength + 1);
      expect(lone.test(first!.text)).toBe(false);
      expect(first!.text.includes('😀')).toBe(maxLineLength === 500);
      expect(second!.column).toBe(1001);
      expect(second!.text.startsWith('…') && second!.text.endsWith('…')).toBe(true);
      expect(second!.text).toContain('needle');
      expect([...second!.text].length).toBe(maxLineLength + 2);
    }
    const short = await search({ term: 'needle', dir: 'long.txt', maxLineLength: 10 });
    expect(short.matches[0]!.text).toBe('needleaaaa…');
  });

  it('--max-results is a global cap; truncated says more exist', async () => {
    for (let index = 0; index < 5; index += 1) await writeFile(join(root, `many${index}.txt`), 'hit\nhit\nhit\n');
    const capped = await search({ term: 'hit', maxResults: 4 });
    expect(capped.matches.length).toBe(4);
    expect(capped.truncated).toBe(true);
    const exact = await search({ term: 'hit', maxResults: 15 });
    expect(exact.matches.length).toBe(15);
    expect(exact.truncated).toBe(false);
    expect(searchCommand.format(capped)).toContain('raise --max-results');
  });

  it('--context attaches the neighbouring lines to each match', async () => {
    await writeFile(join(root, 'ctx.txt'), ['l1', 'l2', 'hit 3', 'l4', 'hit 5', 'l6', 'l7', 'l8', 'l9', 'hit 10'].join('\n') + '\n');
    const data = await search({ term: 'hit', dir: 'ctx.txt', context: 1 });
    expect(data.matches).toEqual([
      { path: 'ctx.txt', line: 3, column: 1, text: 'hit 3', context: { before: ['l2'], after: ['l4'] } },
      { path: 'ctx.txt', line: 5, column: 1, text: 'hit 5', context: { before: ['l4'], after: ['l6'] } },
      { path: 'ctx.txt', line: 10, column: 1, text: 'hit 10', context: { before: ['l9'], after: [] } },
    ]);
    expect(searchCommand.format(data)).toBe([
      'ctx.txt-2- l2',
      'ctx.txt:3:1: hit 3',
      'ctx.txt-4- l4',
      'ctx.txt:5:1: hit 5',
      'ctx.txt-6- l6',
      '--',
      'ctx.txt-9- l9',
      'ctx.txt:10:1: hit 10',
      '[3 matches in 1 file]',
    ].join('\n'));
    const wide = await search({ term: 'hit', dir: 'ctx.txt', context: 3 });
    expect(wide.matches[0]!.context).toEqual({ before: ['l1', 'l2'], after: ['l4'] });
    expect(wide.matches[2]!.context).toEqual({ before: ['l7', 'l8', 'l9'], after: [] });
    expect((await search({ term: 'hit', dir: 'ctx.txt' })).matches[0]!.context).toBeUndefined();
  });

  it('--search-paths matches path names too', async () => {
    const data = await search({ term: 'STR', searchPaths: true });
    expect(data.pathMatches).toEqual([{ path: 'src/util/str.ts' }]);
    expect(data.matches.map((match) => match.path)).toEqual(['src/util/str.ts']);
    const regex = await search({ term: '\\.md$', regex: true, searchPaths: true, searchContent: false });
    expect(regex).toMatchObject({ matches: [], pathMatches: [{ path: 'README.md' }] });
    expect((await search({ term: 'needle' })).pathMatches).toBeUndefined();
    expect(await failure({ term: 'x', searchContent: false })).toMatchObject({ code: 'C210' });
  });

  it('no match is a success with zero matches', async () => {
    const data = await search({ term: 'definitely-not-here' });
    expect(data).toMatchObject({ matches: [], truncated: false });
    expect(searchCommand.format(data)).toBe('[no matches]');
  });

  it('an invalid regex is C210 with ripgrep\'s message', async () => {
    const error = await failure({ term: 'a(', regex: true });
    expect(error.code).toBe('C210');
    expect(error.message).toMatch(/unclosed group/);
  });

  it('bad terms are C210', async () => {
    expect(await failure({ term: '' })).toMatchObject({ code: 'C210' });
    expect(await failure({ term: 'a\nb' })).toMatchObject({ code: 'C210' });
    expect(await failure({ term: 'a\0b' })).toMatchObject({ code: 'C210' });
  });

  it('a term that looks like a flag is searched literally', async () => {
    await writeFile(join(root, 'flags.txt'), 'run with --version\n-e here\n');
    expect((await search({ term: '--version' })).matches).toEqual([{ path: 'flags.txt', line: 1, column: 10, text: 'run with --version' }]);
    expect((await search({ term: '-e', caseSensitive: true, dir: 'flags.txt' })).matches.map((match) => match.line)).toEqual([2]);
  });

  it('--dir is jailed', async () => {
    expect(await failure({ term: 'needle', dir: '..' })).toMatchObject({ code: 'C215' });
    expect(await failure({ term: 'needle', dir: join(root, '..') })).toMatchObject({ code: 'C215' });
    expect(await failure({ term: 'needle', dir: 'nope' })).toMatchObject({ code: 'C211' });
  });

  it('does not follow symlinks out of the workspace', async () => {
    const outside = await tempDir();
    try {
      await writeFile(join(outside, 'leak.txt'), 'needle outside\n');
      await symlink(outside, join(root, 'link'));
      await symlink(join(outside, 'leak.txt'), join(root, 'leak-link.txt'));
      expect(files(await search({ term: 'needle', includeHidden: true }))).not.toContain('link/leak.txt');
      expect(files(await search({ term: 'outside', includeHidden: true }))).toEqual([]);
    } finally {
      await removeDir(outside);
    }
  });

  it('--glob selects files relative to --dir, like tree; it never brings back gitignored files', async () => {
    expect(files(await search({ term: 'needle', glob: '*.ts' }))).toEqual(['src/app.ts', 'src/util/str.ts']);
    expect(files(await search({ term: 'needle', glob: '*.ts,!app.ts' }))).toEqual(['src/util/str.ts']);
    expect(files(await search({ term: 'needle', glob: '!*.ts' }))).toEqual(['README.md', 'deep/inner/keep.txt']);
    expect(files(await search({ term: 'needle', dir: 'src', glob: 'util/*.ts' }))).toEqual(['src/util/str.ts']);
    expect(files(await search({ term: 'needle', glob: '*.{md,txt}' }))).toEqual(['README.md', 'deep/inner/keep.txt']);
    expect(files(await search({ term: 'needle', glob: 'util' }))).toEqual(['src/util/str.ts']);
    expect(files(await search({ term: 'needle', glob: '*.log' }))).toEqual([]);
    expect(files(await search({ term: 'needle', glob: '*.tmp' }))).toEqual([]);
    expect(files(await search({ term: 'needle', glob: '*.ts', dir: 'src' }))).toEqual(['src/app.ts', 'src/util/str.ts']);
    expect(files(await search({ term: 'needle', glob: '*.log', includeHidden: true }))).toEqual(['src/debug.log']);
    await writeFiles(root, { 'we[ir]d/x/a.go': 'needle\n', 'we[ir]d/a.go': 'needle\n' });
    expect(files(await search({ term: 'needle', dir: 'we[ir]d', glob: 'x/*.go' }))).toEqual(['we[ir]d/x/a.go']);
  });

  it('answers to the names models use', async () => {
    const viaAliases = await search({ pattern: 'needle', path: 'src', limit: 1 }, 'grep');
    expect(viaAliases.matches).toHaveLength(1);
    expect(viaAliases.truncated).toBe(true);
    expect((await search({ query: 'needle', directory: 'src', maxMatches: 10 }, 'search_files')).matches).toHaveLength(3);
    expect((await search({ term: 'needle', include: '*.md' }, 'find_in_files')).matches).toHaveLength(1);
  });

  it('strips CRLF line endings from the text', async () => {
    await writeFile(join(root, 'crlf.txt'), 'one\r\nneedle two\r\n');
    expect((await search({ term: 'needle', dir: 'crlf.txt' })).matches).toEqual([{ path: 'crlf.txt', line: 2, column: 1, text: 'needle two' }]);
  });
});

describe('search fallback (no ripgrep binary)', () => {
  const saved = process.env.CODEWARD_RG_PATH;
  beforeAll(() => {
    process.env.CODEWARD_RG_PATH = '/nonexistent/rg';
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.CODEWARD_RG_PATH;
    else process.env.CODEWARD_RG_PATH = saved;
  });

  const withRipgrep = async (args: Record<string, unknown>) => {
    process.env.CODEWARD_RG_PATH = '';
    try {
      return await search(args);
    } finally {
      process.env.CODEWARD_RG_PATH = '/nonexistent/rg';
    }
  };

  it('warns and gives the same matches as ripgrep on the same tree', async () => {
    await writeFiles(root, {
      'uni.txt': 'é€😀 needle\n',
      'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x0a]),
      'crlf.txt': 'one\r\nneedle two\r\n',
      'bom.txt': '\uFEFFneedle bom\n',
      'ctx.txt': ['l1', 'l2', 'needle 3', 'l4', 'needle 5', 'l6'].join('\n'),
      'long.txt': `${'c'.repeat(1000)}needle${'d'.repeat(1000)}\n`,
    });
    const cases: Record<string, unknown>[] = [
      { term: 'needle' },
      { term: 'NEEDLE', caseSensitive: true },
      { term: 'a.b(' },
      { term: 'ne+dle\\b', regex: true },
      { term: 'needle', includeHidden: true },
      { term: 'needle', dir: 'src' },
      { term: 'needle', dir: 'deep/inner' },
      { term: 'needle', glob: '*.ts,!app.ts' },
      { term: 'needle', glob: '!*.ts' },
      { term: 'needle', glob: '*.log' },
      { term: 'needle', context: 2 },
      { term: 'needle', maxLineLength: 40 },
      { term: 'str', searchPaths: true },
      { term: 'secret', includeHidden: true, searchPaths: true },
      { term: 'binary', includeHidden: true },
    ];
    for (const args of cases) {
      const node = await search(args);
      const rg = await withRipgrep(args);
      expect(node.engine, JSON.stringify(args)).toBe('node');
      expect(rg.engine).toBe('ripgrep');
      expect(node.warnings[0]).toMatch(/ripgrep is not available .*built-in Node scanner/);
      expect({ matches: node.matches, pathMatches: node.pathMatches, truncated: node.truncated }, JSON.stringify(args)).toEqual({
        matches: rg.matches,
        pathMatches: rg.pathMatches,
        truncated: rg.truncated,
      });
    }
  });

  it('caps, rejects a bad regex and keeps the jail', async () => {
    const capped = await search({ term: 'needle', maxResults: 2 });
    expect(capped).toMatchObject({ truncated: true, engine: 'node' });
    expect(capped.matches).toHaveLength(2);
    expect(await failure({ term: 'a(', regex: true })).toMatchObject({ code: 'C210' });
    expect(await failure({ term: 'needle', dir: 'secrets' })).toMatchObject({ code: 'C211' });
  });
});

describe('search through the CLI', () => {
  it('prints ripgrep-like lines, one JSON envelope with --json, and exits 1 with no match (the rg convention, issue 28)', async () => {
    const text = runCli(['-C', root, 'search', '--term', 'needle', '--dir', 'src']);
    expect(text.status).toBe(0);
    expect(text.stdout).toBe('src/app.ts:2:7: const needle = a.b(1);\nsrc/app.ts:3:4: // NEEDLE upper\nsrc/util/str.ts:1:14: export const needleStr = "needle";\n[3 matches in 2 files]\n');
    const json = runCli(['-C', root, '--json', 'search', '--term', 'nothing-here']);
    expect(json.status).toBe(1);
    expect(json.json).toMatchObject({ ok: true, cmd: 'search', data: { matches: [], truncated: false } });
    const positional = runCli(['-C', root, '--json', 'rg', 'a.b(', '--max-results', '1']);
    expect(positional.json).toMatchObject({ ok: true, data: { truncated: true } });
    expect(positional.json.data.matches).toHaveLength(1);
    expect(['src/app.ts', 'src/dots.txt']).toContain(positional.json.data.matches[0].path);
    const bad = runCli(['-C', root, 'search', '--term', 'a(', '--regex']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^error C210: invalid --regex term/);
  });
});

// Non-accessible globs come from the configuration; custom ones are honoured too.
describe('search with configured non-accessible globs', () => {
  it('excludes files matching a custom glob', async () => {
    await mkdir(join(root, '.codeward'), { recursive: true });
    await writeFile(join(root, '.codeward', 'config.json'), JSON.stringify({ nonAccessibleGlobs: ['src/util/**', '**/*.md'] }));
    const custom = await engineFor(root);
    const envelope = await custom.run({ cmd: 'search', args: { term: 'needle' } });
    // An untrusted workspace only adds globs: src/util and *.md are hidden, keys/ and secrets/ stay hidden
    // (the key replaces the defaults only once the user trusts the workspace: `codeward trust`).
    expect(envelope.ok && files(envelope.data as SearchData)).toEqual(['deep/inner/keep.txt', 'src/app.ts']);
  });
});
