// pm22 LEFT (R21-5 rest): npm runs a script in every workspace package when `workspaces` is set anywhere npm reads
// it, not only on the hook's line or in the hook file: a file the hook sources, the person's environment, the
// project's .npmrc and the user's. Each now makes the hook walk read every package's scripts
// (permissions/hook-pm-workspaces.ts). Red on old: sub/tools/x.js was written unasked.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, it, vi } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const FILES = {
  'package.json': '{"name":"w","version":"1.0.0","workspaces":["sub"],"scripts":{"x":"echo top","test":"echo top"}}\n',
  'src/a.js': 'export const a = 1;\n',
  'sub/package.json': '{"name":"sub","version":"1.0.0","scripts":{"x":"node tools/x","test":"node tools/x"}}\n',
  'sub/tools/keep': '',
};
const place = rowPlace('cw-npm23-ws-');
const row = async (hook: string, extra: Record<string, string>, asks: boolean): Promise<void> =>
  checkHookRow(place.next(), place.home, { hook, files: { ...FILES, ...extra }, asks: asks ? ['sub/tools/x.js'] : [], free: asks ? ['src/a.js'] : ['sub/tools/x.js'], content: '// ok\n' });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('npm workspaces set outside the line reach every package', () => {
  it.each<[string, string, Record<string, string>]>([
    ['project .npmrc workspaces=true', 'npm run x', { '.npmrc': 'workspaces=true\n' }],
    ['project .npmrc workspace=sub', 'npm test', { '.npmrc': 'workspace=sub\n' }],
    ['project .npmrc "workspaces" = true ; c', 'npm run x', { '.npmrc': '"workspaces" = true ; c\n' }],
    ['a sourced file exports it', '. ./tools/env.sh\nnpm run x', { 'tools/env.sh': 'export npm_config_workspaces=true\n' }],
    ['a file sourced by a sourced file', 'source tools/a.sh\nnpm test', { 'tools/a.sh': '. tools/env.sh\n', 'tools/env.sh': 'export NPM_CONFIG_WORKSPACES=1\n' }],
  ])('%s: writing sub/tools/x.js asks', async (_name, hook, extra) => {
    await row(hook, extra, true);
  });

  it('the environment: NPM_CONFIG_WORKSPACES=true in the hook\'s environment', async () => {
    vi.stubEnv('NPM_CONFIG_WORKSPACES', 'true');
    await row('npm run x', {}, true);
  });

  it('the user .npmrc (npm_config_userconfig) sets workspaces=true', async () => {
    const file = join(place.home, 'u.npmrc');
    await writeFile(file, 'workspaces=true\n');
    vi.stubEnv('npm_config_userconfig', file);
    await row('npm run x', {}, true);
  });

  it.each<[string, Record<string, string>]>([
    ['npm run x', { '.npmrc': 'workspaces=false\n' }],
    ['npm run x', {}],
  ])('control: %s with %j leaves sub/tools/x.js free', async (hook, extra) => {
    await row(hook, extra, false);
  });
});
