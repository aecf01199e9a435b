// Issue 26: ONE table of interpreters' options (src/shell/interpreter-table.ts). Private copies misread 13 spellings
// (red team R19-17, R20-5, R28-4, R29-6: `node --title x s.js`, `python3 -Bm mod`, `node -pe CODE`), so a source file
// other than the table that spells such a list fails here: (1) two or more of node's code and preload options
// (`'--eval'`, `'--print'`, `'--require'`, `'--import'`, `'--loader'`, `'--experimental-loader'`, `'--preload'`,
// `'-pe'`, `'--env-file'`) in one file; (2) a bracketed list holding python's `'-c'` and `'-m'` with one of its other
// options (`'-W'`, `'-X'`, `'-B'`, `'-O'`, `'-u'`); (3) a bracketed list of node's long names without their dashes
// (`'experimental-loader'`, or `'eval'` with `'print'`: parse-inline.ts's old table). A runner's own options (mocha's `--require`, mypy's `-m`/`-c`)
// are not interpreter lists and pass. Readers import the table: parse-inline.ts, node-options.ts, hook-fed-operands.ts,
// test-detect-node.ts, hook-unmodeled.ts (through scriptOperand), git/config-computed.ts (through parse-inline.ts).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';
import { sources } from './source-files.js';

const TABLE = 'src/shell/interpreter-table.ts';
const NODE_OPTIONS = /'(?:--eval|--print|--require|--import|--loader|--experimental-loader|--preload|-pe|--env-file)'/g;
const LIST = /\[[^[\]]*\]/g;


// Why `text` holds a private interpreter option list, or undefined.
function privateList(text: string): string | undefined {
  const node = new Set(text.match(NODE_OPTIONS) ?? []);
  if (node.size >= 2) return `node's options ${[...node].join(', ')}`;
  const lists = text.match(LIST) ?? [];
  const python = lists.find((list) => list.includes("'-c'") && list.includes("'-m'") && /'-[WXBOu]'/.test(list));
  if (python !== undefined) return `python's options ${python}`;
  const bare = lists.find((list) => list.includes("'experimental-loader'") || (list.includes("'eval'") && list.includes("'print'")));
  return bare === undefined ? undefined : `node's options by their long names ${bare}`;
}

describe('one interpreter option table', () => {
  it('no source file but the table spells a list of interpreter options', () => {
    const found = sources(join(REPO_ROOT, 'src'))
      .map((file) => [relative(REPO_ROOT, file), privateList(readFileSync(file, 'utf8'))] as const)
      .filter(([file, why]) => file !== TABLE && why !== undefined)
      .map(([file, why]) => `${file}: ${why}`);
    expect(found).toEqual([]);
  });

  it('the rule sees the lists it is for, and not a runner’s own options', () => {
    expect(privateList(`const X = ['-c', '-e', '--eval', '-p', '--print'];`)).toContain('--eval');
    expect(privateList(`const V = new Set(['-r', '--require', '--import', '--loader']);`)).toContain('--require');
    expect(privateList(`const P = ['-c', '-m', '-W', '-X'];`)).toContain('python');
    expect(privateList(`const M = new Set(['require', 'import', 'loader', 'experimental-loader']);`)).toContain('long names');
    expect(privateList(`const L = new Set(['eval', 'print', 'command']);`)).toContain('long names');
    expect(privateList(readFileSync(join(REPO_ROOT, TABLE), 'utf8'))).toBeDefined();
    expect(privateList(`preloads: ['-r', '--require'], valued: ['--match', '-m', '--timeout', '-T', '--concurrency', '-c']`)).toBeUndefined();
  });
});
