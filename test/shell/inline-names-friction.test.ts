// The closed inline name reader (inline-names.ts, R45-b1/b2/b3/b6/b7/b10) leaves everyday one-liners free: each of
// these uses only known names (no ask), and the whole line runs without one (a few rows through the real gate).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { unknownName } from '../../src/shell/inline-names.js';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from './stage-helpers.js';

const run = inPlaceRuns();

const PYTHON = [
  'print("hello, world")',
  'import json, sys; print(json.dumps(json.load(sys.stdin), indent=2))',
  'import json,sys; d = json.load(sys.stdin); print(d["name"], d.get("version"))',
  'import json; json.dump({"a": 1}, open("out.json", "w"), indent=2)',
  'import sys; print(sum(int(x) for x in sys.stdin.read().split()))',
  'import re, sys; print(re.sub(r"\\s+", " ", sys.stdin.read()))',
  'x = 3; print(f"{x} items, {x * 2:>5} total, {{braces}}")',
  'import sys; print(f"{sys.version_info.major}.{sys.version_info.minor}")',
  'import os; print(os.path.join(os.getcwd(), "x"))  # where am I',
  'import os\nfor root, dirs, files in os.walk("."):\n    print(root, len(files))',
  'import csv, sys; [print(row[0]) for row in csv.reader(sys.stdin)]',
  'import pathlib; print([p.name for p in pathlib.Path(".").glob("*.py")])',
  'from pathlib import Path; print(Path("README.md").read_text()[:80])',
  'import sys, os.path; print(os.path.basename(sys.argv[0]), sys.argv[1:])',
  'import collections; print(collections.Counter("hello").most_common(2))',
  'import datetime; print(datetime.datetime.now().isoformat())',
  'import hashlib; print(hashlib.sha256(open("x", "rb").read()).hexdigest())',
  'def f(a, b=2):\n    return a + b\nprint(f(1), list(map(lambda v: v * 2, range(3))))',
  'import shutil; shutil.move("a.txt", "b.txt"); shutil.copy("b.txt", "c/")',
  'class A:\n    def __init__(self, n):\n        self.n = n\nprint(A(3).n)',
  'try:\n    import json\nexcept ImportError as e:\n    print(e)',
];
const JS = [
  'console.log(JSON.parse(require("fs").readFileSync("package.json", "utf8")).version)',
  'const fs = require("fs"); fs.writeFileSync("out.json", JSON.stringify({a: 1}, null, 2))',
  'const path = require("path"); console.log(path.join(__dirname, "x"), path.basename(process.cwd()))',
  'const {readFileSync} = require("node:fs"); console.log(readFileSync(0, "utf8").split("\\n").length)',
  'const s = "a/b/c"; console.log(s.split(/\\//).length, s.replace(/"/g, "\'"))',
  'const n = 4; console.log(`${n} files, ${n * 2} lines`)',
  'process.versions.node // the version',
  'let t = 10 / 2; /* half */ console.log(t / 5, "it\'s")',
  'console.log(process.argv.slice(2).map((a) => a.toUpperCase()).join(" "))',
  'const o = { name: "x", list: [1, 2, 3], run() { return this.list.length } }; console.log(o.run(), o["name"])',
  'require("fs").readdirSync(".").filter(f => f.endsWith(".js")).forEach(f => console.log(f))',
  'const fsp = require("fs").promises; fsp.readFile("x", "utf8").then(console.log)',
  'import fs from "node:fs"; import { join } from "node:path"; console.log(fs.existsSync(join(".", "x")))',
  'const os = require("os"); console.log(os.homedir(), os.platform(), Math.max(1, 2), Date.now())',
  'class A { constructor(n) { this.n = n } get twice() { return this.n * 2 } }; console.log(new A(2).twice)',
];

describe('everyday python and js one-liners use only known names', () => {
  it.each(PYTHON)('python: %s', (code) => {
    expect(unknownName('python', code)).toBeUndefined();
  });
  it.each(JS)('js: %s', (code) => {
    expect(unknownName('js', code)).toBeUndefined();
  });
});

describe.skipIf(!bwrapWorks)('the whole line runs in place under --yes, no ask', { timeout: 120_000 }, () => {
  it.each([
    `python3 -c 'import json, os; print(json.dumps(sorted(os.listdir("sub"))))'`,
    `python3 -c 'from pathlib import Path; Path("sub/out.txt").write_text(Path("sub/new.txt").read_text().upper())'`,
    `node -e 'const fs = require("fs"); fs.writeFileSync("sub/out.json", JSON.stringify(fs.readdirSync("sub")))'`,
    `node -e 'const {join} = require("path"); console.log(join(process.cwd(), "sub"))'`,
  ])('%s', async (line) => {
    expect(await run(line, {})).toBe('ran');
  });
});

// A staged run is judged by what it did: a name the reader does not know asks in place only.
describe.skipIf(!bwrapWorks)('a staged run of code with an unknown name runs (no ask)', { timeout: 120_000 }, () => {
  it.each([`node -e 'const a = [1, 2]; let i = 1; console.log(a[i])'`, `python3 -c 'import os; o = os; print(o.sep)'`])('%s', async (line) => {
    const base = await tempDir('cw-r86-staged-');
    const root = join(base, 'w'), home = join(base, 'h');
    mkdirSync(root);
    mkdirSync(home);
    const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, 'state') }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
    try {
      const result = await engine.run({ cmd: 'exec', args: { cmd: line } });
      expect(result.ok ? 'ran' : result.error.code).toBe('ran');
      expect(await run(line, {})).toBe('C241');
    } finally {
      await engine.close();
      await removeDir(base);
    }
  });
});
