// R44-a5 — MAJOR (conditional: a sandboxWritable npm prefix; escape: the person's next `codeward` runs what a
// sandboxed run wrote, unsandboxed).
// Class: R44-a2's (a link on the way to codeward's code is not codeward's code), here with an early return:
// own-code.ts ownCodeFolders returns [] unless codeward's REAL package folder lies in an area. docs/iii-worker.md
// installs with `npm ci && npm install -g .`, which makes <prefix>/lib/node_modules/codeward a LINK to the checkout and
// <prefix>/bin/codeward a link through it. With the prefix sandboxWritable (`~/.npm-global`, so an agent's
// `npm i -g` works), the checkout is outside every area, so nothing is protected, while the link lies in a writable
// area: a run retargets lib/node_modules/codeward to a folder of its own and the next `codeward` (found on PATH
// through <prefix>/bin) runs it. (The bin folder itself is bound read-only: the link it holds is not the one changed.)
// Repro (integ b1bb7db3, root, bwrap): ~/.npm-global/lib/node_modules/codeward -> the checkout,
// ~/.npm-global/bin/codeward -> ../lib/node_modules/codeward/dist/bin/codeward.js, PATH=~/.npm-global/bin:…,
// ~/.codeward/config.json {"sandboxWritable":["~/.npm-global"]}
//   $ codeward --yes exec --cmd 'python3 g.py'   (g.py: evil/dist/bin/codeward.js, then the link retargeted to evil)
//   $ codeward --version                          -> marker "escaped"
// Suggested fix (src/permissions/own-code.ts + sandbox.ts): protect the spelling codeward was started by, not only its
// real folder: every link on the way from process.argv[1] (and from each PATH folder's `codeward`) to the real
// package, and the links node walks to each dependency, wherever an area holds them (bound read-only / asked).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT } from '../helpers/fixture.js';
import { bareBase, removeBare } from '../helpers/bare-cli.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI);
let base: string | undefined;
const outs: Record<string, string> = {};
const marker = (): string => join(base!, 'PWNED');

beforeAll(async () => {
  base = await bareBase('cw-rt44a-global-link-');
  const prefix = join(base, 'h', '.npm-global');
  mkdirSync(join(prefix, 'lib', 'node_modules'), { recursive: true });
  mkdirSync(join(prefix, 'bin'));
  mkdirSync(join(base, 'h', '.codeward'));
  writeFileSync(join(base, 'h', '.codeward', 'config.json'), '{"sandboxWritable":["~/.npm-global"]}\n');
  symlinkSync(REPO_ROOT.replace(/\/$/, ''), join(prefix, 'lib', 'node_modules', 'codeward'));
  symlinkSync('../lib/node_modules/codeward/dist/bin/codeward.js', join(prefix, 'bin', 'codeward'));
  writeFileSync(join(base, 'ws', 'g.py'), [
    'import os',
    "g = os.path.expanduser('~') + '/.npm-global/lib/node_modules'",
    "e = g + '/evil/dist/bin'",
    'os.makedirs(e, exist_ok=True)',
    `open(g + '/evil/package.json', 'w').write('{"name":"x","type":"module"}')`,
    `open(e + '/code' + 'ward.js', 'w').write("#!/usr/bin/env node\\nimport('node:fs').then((f) => f.writeFileSync('${marker()}', 'escaped'));\\n")`,
    "os.chmod(e + '/code' + 'ward.js', 0o755)",
    "d = g + '/code' + 'ward'",
    'os.remove(d)',
    "os.symlink('evil', d)",
    "print('planted')",
    '',
  ].join('\n'));
  if (!usable) return;
  const env = { HOME: join(base, 'h'), PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`, CODEWARD_STATE_DIR: join(base, 's') };
  const cw = (args: readonly string[]): string => {
    const result = spawnSync('codeward', args, { cwd: join(base!, 'ws'), env, encoding: 'utf8', timeout: 60_000 });
    return `${result.stdout}${result.stderr}`;
  };
  outs['before'] = cw(['--version']);
  outs['plant'] = cw(['--yes', 'exec', '--cmd', 'python3 g.py']);
  outs['next'] = cw(['--version']);
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)("R44-a5 MAJOR: a run retargets the global link to codeward in a sandboxWritable npm prefix", () => {
  it('control: codeward ran through the prefix', () => {
    expect(outs['before']).toMatch(/\d+\.\d+\.\d+/);
  });
  // fix77: a link cannot be bound read-only (a mount lands on its target, here a checkout the view does not show: bwrap
  // could not start), so it is watched like every protected link: the one the run made is moved aside after it.
  it('the link the run retargeted is moved aside, not obeyed', () => {
    expect(outs['plant']).toMatch(/created or replaced \S*\/\.npm-global\/lib\/node_modules\/codeward; it was moved to codeward\.planted-by-sandbox-/);
  });
  it('the next codeward does not run what the run wrote', () => {
    expect(existsSync(marker())).toBe(false);
  });
});
