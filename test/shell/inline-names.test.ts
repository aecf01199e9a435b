// The closed inline name reader (inline-names.ts, R45-b1/b2/b3/b6/b7/b10): the class rows, each unknown (the line
// asks), and the bounds. The friction side is inline-names-friction.test.ts.
import { describe, expect, it } from 'vitest';
import { unknownName } from '../../src/shell/inline-names.js';

describe('python names outside the closed lists are unknown', () => {
  it.each([
    ['NFKC name', 'import os; os.ｓｙｓｔｅｍ("x")'],
    ['private module attribute', 'import os; os._execvpe("sh", [], {})'],
    ['private module attribute', 'import uuid; uuid._get_command_stdout("rm")'],
    ['reflection not listed', 'import inspect, os; inspect.getattr_static(os, "x")'],
    ['reflection on a value', 'import string; string.Formatter().get_field("0.x", [1], {})'],
    ['class not listed', 'import tempfile; t = tempfile.TemporaryDirectory(); t.cleanup()'],
    ['listing not listed', 'import os\nfor a in os.fwalk("."): pass'],
    ['module passed on', 'import os; o = os; o.getcwd()'],
    ['module reached through a module', 'import shutil; shutil.os.getcwd()'],
    ['module reached through a module', 'import calendar; calendar.datetime.sys'],
    ['from import of a module attribute', 'from shutil import os'],
    ['star import', 'from os import *'],
    ['relative import', 'from . import x'],
    ['unbound name', 'print(undefined_thing)'],
    ['eval', 'eval("1")'],
    ['frame globals', 'import sys; f = sys.exc_info()[2].tb_frame.f_globals'],
    ['sys.modules', 'import sys; sys.modules'],
    ['move out', 'import shutil; shutil.move("sub", "/tmp/x")'],
    ['move up', 'import os; os.rename("sub", "../x")'],
    ['Path move', 'import pathlib; pathlib.Path("sub").rename("/tmp/x")'],
    ['bare move', 'from shutil import move; move("sub", "/tmp/x")'],
    ['f-string move target', 'import shutil; d = "/tmp"; shutil.move("sub", f"{d}/x")'],
    ['f-string hole', 'print(f"{undefined_thing}")'],
    ['unterminated string', 'print("x'],
  ])('%s: %s', (_, code) => {
    expect(unknownName('python', code)).toBeDefined();
  });
});

describe('js names outside the closed lists are unknown', () => {
  it.each([
    ['escaped key', 'require("fs").rmSync("x", {recursiv\\u0065: true})'],
    ['escaped key', 'require("fs").rmSync("x", {recursiv\\u{65}: true})'],
    ['computed member', 'process["getBuilt" + "inModule"]("fs")'],
    ['computed member by a name', 'const k = "rmSync"; const fs = require("fs"); fs[k]("x")'],
    ['computed member of a module', 'const fs = require("fs"); fs["rmSync"]("x")'],
    ['computed key', 'const o = {["recur" + "sive"]: true}'],
    ['Reflect', 'const fs = require("fs"); Reflect.get(fs, "x")'],
    ['globalThis', 'globalThis.process'],
    ['constructor', '"".constructor.constructor("return 1")()'],
    ['module passed on', 'const fs = require("fs"); const g = fs; g.rmSync("x")'],
    ['module passed on', '[require("fs")][0]'],
    ['process passed on', 'const p = process; p.exit()'],
    ['process member not listed', 'process.binding("fs")'],
    ['module attribute not listed', 'require("fs").opendirSync(".")'],
    ['unlisted module', 'import cp from "child_process"'],
    ['unlisted attribute by import', 'import { opendirSync } from "node:fs"'],
    ['unlisted attribute by destructuring', 'const { opendirSync } = require("fs")'],
    ['private', 'require("fs")._toUnixTimestamp(1)'],
    ['rename out', 'require("fs").renameSync("sub", "/tmp/x")'],
    ['rename up', 'require("fs").rename("sub", "../x", () => {})'],
    ['unbound name', 'console.log(undefinedThing)'],
    ['template hole', 'console.log(`${undefinedThing}`)'],
  ])('%s: %s', (_, code) => {
    expect(unknownName('js', code)).toBeDefined();
  });
  it('ESM `import X from "m"` is a statement: `from` is syntax, X is the module', () => {
    expect(unknownName('js', 'import fs from "fs"; import * as path from "node:path"; console.log(fs.existsSync(path.join("a", "b")))')).toBeUndefined();
  });
});

describe('bounds', () => {
  it('past 20,000 lexemes the code is unknown', () => {
    expect(unknownName('python', 'x = 1;'.repeat(7000))).toMatch(/lexemes/);
    expect(unknownName('js', 'let x = 1;'.repeat(5000))).toMatch(/lexemes/);
  });
  it('a character neither language reads is unknown', () => {
    expect(unknownName('python', 'print(1) $ 2')).toBeDefined();
  });
});
