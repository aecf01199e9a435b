// R44-a1/a2 friction rows (fix77): codeward's own code is every place node would load it from, but a workspace that
// merely has codeward as a devDependency (npm's flat layout, codeward's tree hoisted beside the project's packages)
// keeps its ordinary writes: an `npm install left-pad`-like run creates node_modules/left-pad and rewrites
// node_modules/.package-lock.json, a build writes the project's dist/ (not codeward's): all applied as before, unasked.
// The control row: the place node would resolve ws -> bufferutil is still asked for.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT } from '../helpers/fixture.js';
import { bareBase, removeBare } from '../helpers/bare-cli.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const REAL = ['codeward', 'iii-sdk', 'ws'];
const usable = bwrapWorks && existsSync(CLI) && existsSync(join(REPO_ROOT, 'node_modules', 'ws', 'package.json'));
let base: string | undefined;
const outs: Record<string, string> = {};

const script = (files: Readonly<Record<string, string>>): string => [
  'import os',
  ...Object.entries(files).flatMap(([file, text]) => [`os.makedirs(os.path.dirname(${JSON.stringify(file)}) or '.', exist_ok=True)`, `open(${JSON.stringify(file)}, 'w').write(${JSON.stringify(text)})`]),
  "print('wrote')",
  '',
].join('\n');


beforeAll(async () => {
  base = await bareBase('cw-fix77-friction-', { files: { 'package.json': '{"name":"app","devDependencies":{"codeward":"^0.1.0"}}\n' } });
  const ws = join(base, 'ws');
  const modules = join(ws, 'node_modules');
  const own = join(modules, 'codeward');
  mkdirSync(own, { recursive: true });
  if (!usable) return;
  cpSync(join(REPO_ROOT, 'dist'), join(own, 'dist'), { recursive: true });
  cpSync(join(REPO_ROOT, 'package.json'), join(own, 'package.json'));
  for (const name of ['iii-sdk', 'ws']) cpSync(join(REPO_ROOT, 'node_modules', name), join(modules, name), { recursive: true });
  for (const name of readdirSync(join(REPO_ROOT, 'node_modules'))) if (!REAL.includes(name) && name !== 'bufferutil' && name !== 'left-pad') symlinkSync(join(REPO_ROOT, 'node_modules', name), join(modules, name));
  writeFileSync(join(ws, 'install.py'), script({
    'node_modules/left-pad/package.json': '{"name":"left-pad","version":"1.3.0"}',
    'node_modules/left-pad/index.js': 'module.exports = (s) => s;',
  }));
  writeFileSync(join(ws, 'build.py'), script({ 'dist/app.js': 'console.log(1);', 'packages/lib/dist/lib.js': 'export {};' }));
  writeFileSync(join(ws, 'peer.py'), script({ 'node_modules/bufferutil/index.js': 'module.exports = {};' }));
  const env = { HOME: join(base, 'h'), PATH: '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  const cli = (args: readonly string[]): string => {
    const result = spawnSync(process.execPath, [join(own, 'dist', 'bin', 'codeward.js'), ...args], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
    return `${result.stdout}${result.stderr}`;
  };
  outs['install'] = cli(['--yes', 'exec', '--cmd', 'python3 install.py']);
  outs['build'] = cli(['--yes', 'exec', '--cmd', 'python3 build.py']);
  outs['peer'] = cli(['--yes', 'exec', '--cmd', 'python3 peer.py']);
  outs['write'] = cli(['--yes', 'write', '--file', 'node_modules/left-pad/README.md', '--content', 'hi\n']);
  outs['writePeer'] = cli(['--yes', 'write', '--file', 'node_modules/utf-8-validate/index.js', '--content', 'hi\n']);
  outs['unstaged'] = cli(['--yes', 'exec', '--no-stage', '--cmd', 'python3 peer.py']);
  outs['unstagedInstall'] = cli(['--yes', 'exec', '--no-stage', '--cmd', 'python3 install.py']);
}, 150_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R44-a1 friction: a workspace with codeward as a devDependency', () => {
  it('an npm-install-like run: node_modules/left-pad is applied unasked', () => {
    expect(outs['install']).toMatch(/created node_modules\/left-pad\/index\.js/);
    expect(existsSync(join(base!, 'ws', 'node_modules', 'left-pad', 'index.js'))).toBe(true);
  });
  it("a build writing the project's dist/ (not codeward's) is applied unasked", () => {
    expect(existsSync(join(base!, 'ws', 'dist', 'app.js'))).toBe(true);
    expect(existsSync(join(base!, 'ws', 'packages', 'lib', 'dist', 'lib.js'))).toBe(true);
  });
  it('an unstaged run writes node_modules/left-pad in place, no warning', () => {
    expect(outs['unstagedInstall']).toBe('wrote\n[exit 0]\n');
  });
  it('the file tools write another package in node_modules with --yes', () => {
    expect(outs['write']).toMatch(/^created node_modules\/left-pad\/README\.md/);
  });
  it('control: where node would resolve ws -> bufferutil / utf-8-validate is asked for, in every door', () => {
    expect(outs['peer']).toMatch(/node_modules\/bufferutil is codeward's own code/);
    expect(outs['writePeer']).toMatch(/C241[^\n]*safety-immune[^\n]*node_modules\/utf-8-validate is codeward's own code/);
    expect(outs['unstaged']).toMatch(/created or changed node_modules\/bufferutil \(node_modules\/bufferutil is obeyed by codeward itself\); it was moved to/);
    expect(existsSync(join(base!, 'ws', 'node_modules', 'bufferutil'))).toBe(false);
  });
});
