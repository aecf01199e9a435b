// R45-a1 through the real sandbox: codeward installed under a sandboxWritable npm prefix (~/.npm-global, the package a
// copy of this build, its dependencies linked beside it as npm's flat layout has them), a run plants
// lib/node_modules/yaml.js BESIDE the installed folder yaml (require tries it first: Module._findPath) and a
// relative-NODE_PATH place where node would look up ws's optional peer bufferutil (installed nowhere). On main the
// run's files stayed (nothing protected them); fixed: watched, moved aside after.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT } from '../helpers/fixture.js';
import { bareBase, removeBare } from '../helpers/bare-cli.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI) && existsSync(join(REPO_ROOT, 'node_modules', 'yaml', 'package.json'));
let base: string | undefined;
const outs: Record<string, string> = {};
const global = (): string => join(base!, 'h', '.npm-global', 'lib', 'node_modules');

beforeAll(async () => {
  base = await bareBase('cw-rt45a-sandbox-forms-');
  const modules = global();
  const own = join(modules, 'codeward');
  mkdirSync(own, { recursive: true });
  mkdirSync(join(base, 'h', '.codeward'));
  writeFileSync(join(base, 'h', '.codeward', 'config.json'), '{"sandboxWritable":["~/.npm-global"]}\n');
  if (!usable) return;
  cpSync(join(REPO_ROOT, 'dist'), join(own, 'dist'), { recursive: true });
  cpSync(join(REPO_ROOT, 'package.json'), join(own, 'package.json'));
  for (const name of readdirSync(join(REPO_ROOT, 'node_modules'))) if (name !== 'codeward' && !name.startsWith('.')) symlinkSync(join(REPO_ROOT, 'node_modules', name), join(modules, name));
  writeFileSync(join(base, 'ws', 'p.py'), [
    'import os',
    `g = ${JSON.stringify(modules)}`,
    "open(g + '/ya' + 'ml.js', 'w').write('module.exports = 1')",
    "os.makedirs(g + '/../vendor', exist_ok=True)",
    "open(g + '/../vendor/buffer' + 'util.js', 'w').write('module.exports = 1')",
    "print('planted')",
    '',
  ].join('\n'));
  const env = { HOME: join(base, 'h'), PATH: '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's'), NODE_PATH: 'vendor' };
  // Started from the prefix's lib (the relative NODE_PATH entry lands in the area: lib/vendor).
  const result = spawnSync(process.execPath, [join(own, 'dist', 'bin', 'codeward.js'), '-C', join(base, 'ws'), '--yes', 'exec', '--cmd', 'python3 p.py'], { cwd: join(modules, '..'), env, encoding: 'utf8', timeout: 90_000 });
  outs['plant'] = `${result.stdout}${result.stderr}`;
}, 150_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R45-a1/a4 MAJOR: the sandbox keeps the file forms beside an installed dependency', () => {
  it('control: the run ran', () => {
    expect(outs['plant']).toContain('planted');
  });
  it('node_modules/yaml.js beside the folder yaml is moved aside, not left for the next codeward', () => {
    expect(outs['plant']).toMatch(/created or replaced \S*\/lib\/node_modules\/yaml\.js; it was moved to/);
    expect(existsSync(join(global(), 'yaml.js'))).toBe(false);
  });
  it('a relative NODE_PATH place (vendor, from the cwd codeward was started in) where ws -> bufferutil would land: moved aside', () => {
    expect(existsSync(join(global(), '..', 'vendor', 'bufferutil.js'))).toBe(false);
  });
});
