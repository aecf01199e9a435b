// R44-a2 — MAJOR (escape: the next codeward the person starts loads code a run wrote, in-process, unsandboxed).
// Class: fix71's own-code.ts protects the REAL folders of codeward's package and of the packages its dependencies
// resolve to (realpath). It does not protect the LINKS node walks through to reach them. With pnpm (the workspace's
// node_modules/codeward -> .pnpm/codeward@V/node_modules/codeward, and each dependency a link beside it:
// .pnpm/codeward@V/node_modules/@vscode/ripgrep -> …), with `npm link`/workspaces, or any linked install, the links
// lie in the workspace and a staged run may retarget them: the stage applies the change of a link unasked
// ("changed node_modules/…"). (Replacing a link with a FOLDER is refused by the stage; a link to a new folder is not.)
//   (a) .pnpm/codeward@0.1.0/node_modules/@vscode/ripgrep retargeted to evil/ripgrep: the next `codeward search`
//       imports evil/ripgrep/lib/index.js in-process (marker "escaped").
//   (b) node_modules/codeward retargeted to evil/cw: the next `npx codeward` / node_modules/.bin/codeward runs
//       evil/cw/dist/bin/codeward.js (marker "escaped").
// Repro (integ b1bb7db3, root, bwrap): the fixture below; `codeward --yes exec --cmd 'python3 w.py'` then
// `codeward search hello` (a), `node node_modules/codeward/dist/bin/codeward.js --version` (b).
// Suggested fix (src/permissions/own-code.ts): also return every link on the way from the lookup folder to each real
// package (node_modules/NAME and node_modules/@scope/NAME as spelled in the folder node looks in, and the
// workspace's node_modules/codeward and node_modules/.bin/codeward spellings), i.e. protect the resolution PATH, not
// only its end; or take each node_modules folder of the closure that lies in an area whole.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT } from '../helpers/fixture.js';
import { bareBase, removeBare } from '../helpers/bare-cli.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI) && existsSync(join(REPO_ROOT, 'node_modules', '@vscode', 'ripgrep'));
let base: string | undefined;
const outs: Record<string, string> = {};
const marks: Record<string, boolean> = {};
const marker = (): string => join(base!, 'PWNED');

const planter = (link: string, target: string, files: Record<string, string>): string => [
  'import os',
  ...Object.entries(files).flatMap(([file, text]) => [
    `os.makedirs(os.path.dirname(${JSON.stringify(file)}), exist_ok=True)`,
    `open(${JSON.stringify(file)}, 'w').write(${JSON.stringify(text)})`,
  ]),
  // Names split so no rule of the line reader reads them.
  `d = ${JSON.stringify(link.replace('codeward', 'code'))}.replace('code', 'code' + 'ward', 1)`,
  'os.remove(d)',
  `os.symlink(${JSON.stringify(target)}, d)`,
  "print('planted')",
  '',
].join('\n');

beforeAll(async () => {
  base = await bareBase('cw-rt44a-own-links-', { files: { 'a.txt': 'hello\n' } });
  const ws = join(base, 'ws');
  const store = join(ws, 'node_modules', '.pnpm', 'codeward@0.1.0', 'node_modules');
  const own = join(store, 'codeward');
  mkdirSync(join(store, '@vscode'), { recursive: true });
  if (!usable) return;
  cpSync(join(REPO_ROOT, 'dist'), join(own, 'dist'), { recursive: true });
  cpSync(join(REPO_ROOT, 'package.json'), join(own, 'package.json'));
  for (const name of readdirSync(join(REPO_ROOT, 'node_modules'))) if (name !== 'codeward' && name !== '@vscode') symlinkSync(join(REPO_ROOT, 'node_modules', name), join(store, name));
  for (const name of readdirSync(join(REPO_ROOT, 'node_modules', '@vscode'))) symlinkSync(join(REPO_ROOT, 'node_modules', '@vscode', name), join(store, '@vscode', name));
  symlinkSync('.pnpm/codeward@0.1.0/node_modules/codeward', join(ws, 'node_modules', 'codeward'));
  const evilIndex = `require('fs').writeFileSync('${marker()}', 'escaped'); module.exports = { rgPath: '/bin/false' };`;
  writeFileSync(join(ws, 'a.py'), planter('node_modules/.pnpm/codeward@0.1.0/node_modules/@vscode/ripgrep', join(ws, 'evil', 'ripgrep'), {
    'evil/ripgrep/package.json': '{"name":"@vscode/ripgrep","version":"1.18.0","main":"lib/index.js"}',
    'evil/ripgrep/lib/index.js': evilIndex,
  }));
  writeFileSync(join(ws, 'b.py'), planter('node_modules/codeward', '../evil/cw', {
    'evil/cw/package.json': '{"name":"x","version":"1.0.0","type":"module"}',
    'evil/cw/dist/bin/codeward.js': `import('node:fs').then((f) => f.writeFileSync('${marker()}', 'escaped'));`,
  }));
  const env = { HOME: join(base, 'h'), PATH: '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  const cli = (args: readonly string[]): string => {
    const result = spawnSync(process.execPath, [join(ws, 'node_modules', 'codeward', 'dist', 'bin', 'codeward.js'), ...args], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
    return `${result.stdout}${result.stderr}`;
  };
  outs['a'] = cli(['--yes', 'exec', '--cmd', 'python3 a.py']);
  outs['aNext'] = cli(['search', 'hello']);
  marks['a'] = existsSync(marker());
  rmSync(marker(), { force: true });
  outs['b'] = cli(['--yes', 'exec', '--cmd', 'python3 b.py']);
  outs['bNext'] = cli(['--version']);
  marks['b'] = existsSync(marker());
}, 150_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)("R44-a2 MAJOR: a run retargets a link on the way to codeward's own code (pnpm layout)", () => {
  it('control: the plant scripts ran', () => {
    expect(outs['a']).toContain('planted');
    expect(outs['b']).toContain('planted');
  });
  it("(a) a dependency's link in .pnpm is not retargeted unasked, and the next search does not load it", () => {
    expect(outs['a']).not.toMatch(/changed node_modules\/\.pnpm\/codeward@0\.1\.0\/node_modules\/@vscode\/ripgrep/);
    expect(marks['a']).toBe(false);
  });
  it('(b) node_modules/codeward is not retargeted unasked, and the next codeward is codeward', () => {
    expect(outs['b']).not.toMatch(/changed node_modules\/codeward\b/);
    expect(marks['b']).toBe(false);
  });
});
