// Round 36 findings fixed by fix37 (parked by rt36 in test/redteam36/open/*.ts.txt; full notes there):
// R36-6 — CRITICAL — the write gate's walk around an in-place run (src/sandbox/obeyed-scan.ts) keeps ONE snapshot per
// R36-2 — CRITICAL — node_modules/.bin shadows (fix33b, R33-4) are judged by their PATH TEXT only: a sandboxed
// R36-7 — MAJOR (catalogue gap; each planted file runs code OUTSIDE any sandbox when the person next enters the project's
// R36-8 — MINOR (catalogue gaps by analogy; not run end to end here: hg, rubocop and perl -d are not on this machine) —
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// concurrent-walk-r36

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-fix37-r36-');
});
afterAll(async () => removeDir(base));

const A = 'import os, time\nwhile not os.path.exists("go"):\n  time.sleep(0.05)\ntime.sleep(2)\nos.makedirs("pkg", exist_ok=True)\nopen("pkg/AGENTS.md", "w").write("EVIL")\n';

async function plant(overlap: boolean): Promise<{ left: string[]; warnings: string[] }> {
  const root = join(base, `w${++count}`), home = join(base, `h${count}`);
  mkdirSync(root, { recursive: true });
  mkdirSync(home);
  writeFileSync(join(root, 'a.py'), A);
  writeFileSync(join(root, 'b.py'), 'open("go", "w").write("1")\n');
  if (!overlap) writeFileSync(join(root, 'go'), '1');
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `state${count}`) }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
  try {
    const a = engine.run({ cmd: 'exec', args: { cmd: 'python3 a.py', stage: false } });
    const runs = [a];
    if (overlap) {
      await new Promise((done) => setTimeout(done, 1000));
      runs.push(engine.run({ cmd: 'exec', args: { cmd: 'python3 b.py', stage: false } }));
    }
    const results = await Promise.all(runs);
    const left = existsSync(join(root, 'pkg')) ? readdirSync(join(root, 'pkg')) : [];
    return { left, warnings: results.flatMap((result) => result.warnings.map(String)) };
  } finally {
    await engine.close();
  }
}

describe.skipIf(!bwrapWorks)('R36-6 CRITICAL: overlapping in-place runs of one engine skip the write gate\'s walk', { timeout: 120_000 }, () => {
  it('a planted pkg/AGENTS.md is moved aside when another in-place run overlaps', async () => {
    const { left, warnings } = await plant(true);
    expect(left).not.toContain('AGENTS.md');
    expect(warnings.join('\n')).toContain('pkg/AGENTS.md');
  });
  it('control: alone, it is moved aside', async () => {
    const { left } = await plant(false);
    expect(left).not.toContain('AGENTS.md');
  });
});

// bin-shadow-link-r36

const PLANT = "import os\ndef w(p):\n  os.makedirs(os.path.dirname(p), exist_ok=True)\n  open(p, 'w').write('#!/bin/sh\\ntouch \"$INIT_CWD/SHADOW-RAN\"\\n')\n  os.chmod(p, 0o755)\n";

async function planted(body: string, linked?: string): Promise<string> {
  const root = join(base, `w${++count}`), home = join(base, `h${count}`);
  mkdirSync(root, { recursive: true });
  mkdirSync(home);
  // A link that was there before the run (made by an earlier one, empty then): the run only fills its target.
  if (linked) {
    mkdirSync(join(root, linked), { recursive: true });
    symlinkSync(linked, join(root, 'node_modules'));
  }
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'x', scripts: { test: 'node -e 0 && git --version' } }));
  writeFileSync(join(root, 'w.py'), `${PLANT}${body}\n`);
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `state${count}`) }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: 'python3 w.py', stage: false } });
    if (!result.ok) return result.error.code;
  } finally {
    await engine.close();
  }
  try {
    execFileSync('npm', ['test', '--silent'], { cwd: root, env: { ...process.env, HOME: home }, stdio: 'ignore', timeout: 60_000 });
  } catch {
    // a failing test is fine: what matters is what ran
  }
  return existsSync(join(root, 'SHADOW-RAN')) ? 'planted program ran in npm test' : 'held';
}

describe.skipIf(!bwrapWorks)('R36-2 CRITICAL: a node_modules/.bin shadow reached through a link survives the after-run walk', { timeout: 180_000 }, () => {
  it.each([
    ["w('nm/.bin/git')\nos.symlink('nm', 'node_modules')"],
    ["w('tools/node')\nos.makedirs('node_modules')\nos.symlink('../tools', 'node_modules/.bin')"],
    ["w('tools/git')\nos.makedirs('node_modules')\nos.symlink('../tools', 'node_modules/.bin')"],
  ])('%s: moved aside, the next npm test runs nothing planted', async (body) => {
    expect(await planted(body)).toBe('held');
  });
  it('an earlier link node_modules -> nm, the run writes nm/.bin/git: moved aside, the next npm test runs nothing planted', async () => {
    expect(await planted("w('nm/.bin/git')", 'nm')).toBe('held');
  });
  it.each([["w('node_modules/.bin/git')"], ["w('nm/.bin/sh')\nos.symlink('nm', 'node_modules')"]])('control: %s is moved aside', async (body) => {
    expect(await planted(body)).toBe('held');
  });
});

// dev-shell-catalogue-r36

describe('R36-7 MAJOR: dev-shell files beside shell.nix and devbox.json', () => {
  it.each(['default.nix', 'pkg/default.nix', 'flake.nix', 'devenv.nix', 'devenv.yaml', 'pixi.toml', '.flox/env/manifest.toml'])('%s is obeyed later', (path) => {
    expect(isObeyedLater(path)?.family).toBe('shell');
  });
  it.each(['shell.nix', 'devbox.json'])('control: %s is', (path) => {
    expect(isObeyedLater(path)?.family).toBe('shell');
  });
});

// tool-config-catalogue-r36

describe('R36-8 MINOR: tool configs beside listed siblings', () => {
  it.each(['.hg/hgrc-not-shared', 'vendor/x/.hg/sharedpath', '.rubocop.yml', 'app/.rubocop.yml', '.perldb'])('%s is obeyed later', (path) => {
    expect(isObeyedLater(path)).toBeDefined();
  });
  it.each(['.hg/hgrc', '.pylintrc', '.pdbrc'])('control: %s is', (path) => {
    expect(isObeyedLater(path)).toBeDefined();
  });
});
