// Red team round 23, R23-1 (class R22-1/R22-9, pkg24's default deny for preloads, issue 26): pkg24 judges a preloaded
// package's file on its code with strings, templates, regular expressions and comments blanked by a scanner
// (node-package-blocks.ts) and looks for the words require/module/eval/Reflect... in what is left
// (node-package-strict.ts). Where the scanner and node disagree on what is text, a load node runs is blanked away:
// a `/` after `if (..)`/`while (..)` starts a REGULAR EXPRESSION in JavaScript but is a division to
// the scanner (a quote inside the regex then opens a "string" that swallows the load), and the other way round a `/`
// after an object literal's `}` is a division to node but opens a "regex" to the scanner; an HTML-like comment `<!--` or
// `-->` (a CJS module is a script: node skips the line) or a hashbang line holding a backtick (the scanner opens a
// template over the next lines); and an identifier spelled with a unicode escape (`requ\u0069re` is `require` to
// node, not the word to the strict reader). The loads are the ones pkg24 denies when not hidden (Reflect.apply,
// Module._load, an alias of require, eval handed to a promise) or a cwd-relative require. Each was checked with
// node 20 (`node --require x -e 1` printed what tools/y.js prints).
// Was: tools/y.js written unasked under --yes and run by the next `npm test`. (R23-2: package-climbing-name-r23.test.ts.)
import { describe, it } from 'vitest';
import { moduleRows } from './module-rows.js';

const { check } = moduleRows('cw-rt23-pkg-scan-');
const NPMRC = { '.npmrc': 'node-options=--require x\n', 'package.json': '{"name":"w","scripts":{"test":"node t.js"}}', 't.js': '', 'node_modules/x/package.json': '{"name":"x"}' };

describe('R23-1: a preloaded package whose load the scanner reads as text', () => {
  it.each<[string, string]>([
    ['a regex after `if (..)` read as a division (Reflect.apply)', 'if (1) /"/; Reflect.apply(require, null, [require("path").resolve("tools/y")]); //"\n'],
    ['a regex after `while (..)` read as a division (Reflect.apply)', 'while (0) /"/; Reflect.apply(require, null, [require("path").resolve("tools/y")]); //"\n'],
    ['a division after an object literal `{}` read as a regex (Reflect.apply)', 'var a = {} / 1; Reflect.apply(require, null, [require("path").resolve("tools/y")]); / 1 /;\n'],
    ['an HTML-like comment `<!--` holding a backtick (eval handed to a promise)', '<!-- `\nrequire("fs/promises").readFile("tools/y.js", "utf8").then(eval);\n<!-- `\n'],
    ['an HTML-like close comment `-->` holding a backtick (Module._load)', '--> `\nrequire("module")._load(require("path").resolve("tools/y"));\n--> `\n'],
    ['a hashbang line holding a backtick (Module._load)', '#!/usr/bin/env node `\nrequire("module")._load(require("path").resolve("tools/y"));\n// `\n'],
    ['a unicode escape in the identifier (requ\\u0069re)', 'requ\\u0069re(process.cwd() + "/tools/y");\n'],
    ['a code point escape in the identifier (requ\\u{69}re)', 'requ\\u{69}re(process.cwd() + "/tools/y");\n'],
  ])('%s: writing tools/y.js asks', async (_name, code) => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': code }, asks: ['tools/y.js'], free: [] });
  });

  it('control (held): the same Module._load not hidden asks', async () => {
    await check({ hook: 'npm test', files: { ...NPMRC, 'node_modules/x/index.js': 'require("module")._load(require("path").resolve("tools/y"));\n' }, asks: ['tools/y.js'], free: [] });
  });
});
