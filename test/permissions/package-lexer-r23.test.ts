// The class of red team R23-1/R23-8 (pkgscan26): where the scan of node-package-blocks.ts and node's lexer disagree on
// what is text, a load node runs is blanked away from the readers of a package's file. Each texture below is first
// RUN by real node (`node -r x -e 1` prints what tools/y.js prints); then the strict reader (a preload's package)
// must not call the file free, and the comment blanking a hook program's package is read with (`stripped`) must keep
// the load. The controls are ordinary code that stays free (real packages: friction).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blocksOf } from '../../src/permissions/node-package-blocks.js';
import { strictLoads } from '../../src/permissions/node-package-strict.js';

const LOAD = 'Reflect.apply(require, null, [require("path").resolve("tools/y")]);';
const MODULE_LOAD = 'require("module")._load(require("path").resolve("tools/y"));';
const HIDDEN: [string, string][] = [
  ['a line comment ended by \\r', `// x\r${LOAD}\n`],
  ['a line comment ended by U+2028', `// x\u2028${LOAD}\n`],
  ['a line comment ended by U+2029', `// x\u2029${LOAD}\n`],
  ['a member named `return` (x . return / 1)', `var x = { return: 1 }; x . return / 1; ${LOAD} / 1 /;\n`],
  ['a name ending in `return` (éreturn / 1)', `var éreturn = 1; éreturn / 1; ${LOAD} / 1 /;\n`],
  ['an astral name ending in `return`', `var \u{1D44E}return = 1; \u{1D44E}return / 1; ${LOAD} / 1 /;\n`],
  ['`await` as a name', `var await = 1; await / 1; ${LOAD} / 1 /;\n`],
  ['`of` as a name', `var of = 1; of / 1; ${LOAD} / 1 /;\n`],
  ['`yield` as a name', `var yield = 1; yield / 1; ${LOAD} / 1 /;\n`],
  ['a division after `a++`', `var a = 1; a++ / 1; ${LOAD} / 1 /;\n`],
  ['a comment between `if` and its `(`', `if /* c */ (1) /"/; ${LOAD} //"\n`],
  ['a comment between `if (..)` and the regex', `if (1) /* c */ /"/; ${LOAD} //"\n`],
  ['a regex after `for await (..)`', `(async () => { for await (const x of []) /"/; ${LOAD} //"\n})();\n`],
  ['a regex after a spread `...typeof`', `var a = [...typeof /"/]; ${LOAD} //"\n`],
  ['a regex after `do ; while (0)`', `do ; while (0) /"/; ${LOAD} //"\n`],
  ['a regex after `else`', `if (0) ; else /"/; ${LOAD} //"\n`],
  ['a regex after a block `{}`', `{} /"/; ${LOAD} //"\n`],
  ['a division after a function expression', `var f = function () {} / 1; ${LOAD} / 1 /;\n`],
  ['an indented HTML-like close comment', `  --> \`\n${MODULE_LOAD}\n  --> \`\n`],
  ['an HTML-like close comment after a block comment', `/* a */ --> \`\n${MODULE_LOAD}\n/* */ --> \`\n`],
  ['an identifier escape in a member name', `var x = { "if": 1 }; x.\\u0069f / 1; ${LOAD} / 1 /;\n`],
];

const top = mkdtempSync(join(tmpdir(), 'cw-pkgscan26-lex-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

// What real node prints when `code` is the preloaded package x's index.js (tools/y.js prints LOADED-Y).
function nodeRuns(code: string): string {
  const dir = mkdtempSync(join(top, 'w-'));
  mkdirSync(join(dir, 'tools'));
  mkdirSync(join(dir, 'node_modules/x'), { recursive: true });
  writeFileSync(join(dir, 'tools/y.js'), 'console.log("LOADED-Y");\n');
  writeFileSync(join(dir, 'node_modules/x/index.js'), code);
  return execFileSync(process.execPath, ['-r', 'x', '-e', '1'], { cwd: dir, encoding: 'utf8' });
}

describe('pkgscan26: a load the scan could read as text, where node runs it', () => {
  it.each(HIDDEN)('%s: node runs the load; the strict reader is not free; the comment blanking keeps it', (_name, code) => {
    expect(nodeRuns(code)).toContain('LOADED-Y');
    expect(strictLoads(code)).toBeDefined();
    const blocks = blocksOf(code);
    expect(blocks.stripped).toContain(code.includes('Reflect') ? 'Reflect.apply(require' : 'require("module")._load(');
  });
});

describe('pkgscan26 controls: ordinary code stays free', () => {
  it.each<[string, string]>([
    ['a regex after `if (..)`', 'module.exports = (s) => { if (s) /^a/.test(s); return 1; };\n'],
    ['a regex after `while (..)` and a test', 'module.exports = (s) => { let n = 0; while (n < 3) /x/g.test(s) && n++; return n; };\n'],
    ['divisions after calls and brackets', 'const f = (a) => a; module.exports = f(4) / 2 / (1) + [4][0] / 2;\n'],
    ['a regex after `return` and `typeof`', 'module.exports = (s) => { if (typeof /x/ === "object") return /a\\/b/.test(s); };\n'],
    ['a hashbang line', '#!/usr/bin/env node\nmodule.exports = require("./a");\n'],
    ['a template with a division', 'module.exports = (a) => `${a / 2}px`;\n'],
    ['HTML text in strings and a regex', 'module.exports = ["<!-- x -->", /<!--/, `-->`];\n'],
    ['a count-down `i-->0` mid-line', 'module.exports = (i) => { while (i-->0) ; return i; };\n'],
    ['a regex after a comment after `=`', 'module.exports = /* re */ /a"b/;\n'],
  ])('%s: free', (_name, code) => {
    expect(blocksOf(code).scanned).toBe(true);
    expect(strictLoads(code)).toBeUndefined();
  });
});
