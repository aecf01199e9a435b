// fix31b (issue 26): the readers that kept private tables of interpreters' options now read the one table
// (src/shell/interpreter-table.ts). Each row is a spelling the private table misread and the table reads right,
// asserted on the reader's output: parse-inline.ts (the program text), node-options.ts (what node loads),
// test-detect-node.ts (a `node --test` script), git/config-computed.ts (a computed command) and hook-unmodeled.ts
// (what a hook line runs).
import { describe, expect, it } from 'vitest';
import { inlineProgram } from '../../src/shell/parse-inline.js';
import { readNodeOptions } from '../../src/permissions/node-options.js';
import { nodeScript } from '../../src/shell/test-detect-node.js';
import { computedCommand } from '../../src/git/config-computed.js';
import { unmodeled } from '../../src/permissions/hook-unmodeled.js';

const words = (line: string): { value: string; dynamic: boolean }[] => line.split(' ').map((value) => ({ value, dynamic: value.includes('$') }));

describe('parse-inline: the program text', () => {
  it.each([
    ['node --title x -e CODE', 'CODE'],
    ['node -pe CODE', 'CODE'],
    ['node --es-module-specifier-resolution node -e CODE', 'CODE'],
    ['node --eval=CODE', 'CODE'],
    ['node --run build', undefined],
    ['bun -e CODE', 'CODE'],
    ['python3 -Bc CODE', 'CODE'],
    ['python3 -m mod -c NOTCODE', undefined],
    ['python3 -Bm mod -c NOTCODE', undefined],
    ['python3 -W ignore -c CODE', 'CODE'],
    ['perl -wle CODE', 'CODE'],
    ['perl -Mstrict -e CODE', 'CODE'],
    ['ruby -rset -e CODE', 'CODE'],
    ['php -d x=1 -r CODE', 'CODE'],
    ['php --run CODE', 'CODE'],
    ['php -B CODE', 'CODE'],
    ['lua -l socket -e CODE', 'CODE'],
    ['awk -f prog.awk x', undefined],
    ['awk -F: CODE', 'CODE'],
  ])('%s -> %s', (line, code) => {
    expect(inlineProgram(line.split(' ')[0]!, words(line))?.code).toBe(code);
  });
});

describe("node-options: node's options before the script", () => {
  it('an option taking a value the private table did not know does not hide the module after it', () => {
    expect(readNodeOptions(['--es-module-specifier-resolution', 'node', '-r', './evil.js', 't.js']).modules).toEqual(['./evil.js']);
    expect(readNodeOptions(['--stack-size', '2000', '--import', './x.mjs', 't.js']).modules).toEqual(['./x.mjs']);
  });
});

describe('test-detect-node: a `node --test` script', () => {
  it.each([
    ['node --title ci --test test/', { options: ['--title', 'ci', '--test'], files: ['test/'] }],
    ['node --disable-warning ExperimentalWarning --test t/', { options: ['--disable-warning', 'ExperimentalWarning', '--test'], files: ['t/'] }],
  ])('%s', (script, parsed) => {
    expect(nodeScript(script)).toEqual(parsed);
  });
});

describe("git's configuration: code given inline is a computed command", () => {
  it.each(["perl -wle 'system q(x)'", 'node --eval=1', 'python3 -Bc 1', 'ruby -we 1', 'deno eval 1', 'osascript -e 1', 'elixir -e 1'])('%s', (line) => {
    expect(computedCommand(line)).toContain('code given inline');
  });
  it.each(['node tools/x.js', 'python3 -m tool', 'perl -I lib s.pl'])('%s: a file', (line) => {
    expect(computedCommand(line)).toBeUndefined();
  });
});

describe('hook-unmodeled: what a hook line runs', () => {
  const none = (): boolean => false;
  it('`python3 -Bm tool` runs the module tool, as `python3 -m tool` does', () => {
    expect(unmodeled('python3 -Bm tool', none)).toBe(unmodeled('python3 -m tool', none));
    expect(unmodeled('python3 -m tool', none)).toContain('tool');
  });
  it("`node --title x $f`: the script is $f, a file only known at run time", () => {
    expect(unmodeled('node --title x $f', none, new Set(), new Set(['f']))).toContain('only known at run time');
    expect(unmodeled('node -r ./hook.js $f', none, new Set(), new Set(['f']))).toContain('only known at run time');
  });
  it("`bash -ec TEXT` and `sh -c TEXT`: the text is a line of its own", () => {
    expect(unmodeled("bash -ec 'gulp build'", none)).toContain('gulp');
    expect(unmodeled("sh -c 'gulp build'", none)).toContain('gulp');
  });
});
