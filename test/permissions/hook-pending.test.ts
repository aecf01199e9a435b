// Red team round 20, R20-21 (issue 26): a fresh clone whose package.json installs git hooks on `npm install` (husky's
// `"prepare": "husky"`, lefthook's package, `postinstall: simple-git-hooks`, `pre-commit install`): no hook is there
// yet, so what the hook manager's files name was free, and the install the person runs next made it what every commit
// runs. Now those files are read as the installed hooks are (src/permissions/hook-pending.ts). Controls: the same
// files with no installer in package.json, and an ordinary JS project's sources. Through the real binary under --yes,
// in a fresh repository with no hook installed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-hook-pending-');
});
afterAll(async () => removeDir(base));

const written = (files: Record<string, string>, file: string): Promise<string> => cliWritten(base, files, file);
const pkg = (extra: object): string => JSON.stringify({ name: 'w', scripts: { test: 'node t.js' }, ...extra });

describe('R20-21: hooks the next npm install installs are read before they are installed', () => {
  it.each([
    ['husky 9 prepare: .husky/pre-commit', { 'package.json': pkg({ scripts: { prepare: 'husky' } }), '.husky/pre-commit': 'sh tools/x.sh\n' }, 'tools/x.sh'],
    ['husky install (older) in postinstall', { 'package.json': pkg({ scripts: { postinstall: 'husky install' } }), '.husky/pre-push': 'node tools/p.js\n' }, 'tools/p.js'],
    ['husky 4 package.json hooks', { 'package.json': pkg({ devDependencies: { husky: '^4.3.8' }, husky: { hooks: { 'pre-commit': 'sh tools/h4.sh' } } }) }, 'tools/h4.sh'],
    ['lefthook package: lefthook.yml run', { 'package.json': pkg({ devDependencies: { lefthook: '^1.6.0' } }), 'lefthook.yml': 'pre-commit:\n  commands:\n    x:\n      run: sh tools/l.sh\n' }, 'tools/l.sh'],
    ['simple-git-hooks postinstall', { 'package.json': pkg({ scripts: { postinstall: 'simple-git-hooks' }, 'simple-git-hooks': { 'pre-commit': 'sh tools/s.sh' } }) }, 'tools/s.sh'],
    ['pre-commit install in prepare: a repo: local entry', { 'package.json': pkg({ scripts: { prepare: 'pre-commit install' } }), '.pre-commit-config.yaml': 'repos:\n  - repo: local\n    hooks:\n      - id: x\n        name: x\n        entry: tools/pc.sh\n        language: script\n' }, 'tools/pc.sh'],
  ])('%s: what it runs asks', async (_name, files, file) => {
    expect(await written(files, file)).toBe('C241');
  });

  it('no installer in package.json: the manager\'s files alone leave the scripts they name free until installed', async () => {
    expect(await written({ 'package.json': pkg({}), '.husky/pre-commit': 'sh tools/x.sh\n' }, 'tools/x.sh')).toBe('ok');
  });

  it('an ordinary JS project with husky keeps its sources free', async () => {
    const files = { 'package.json': pkg({ scripts: { prepare: 'husky', test: 'vitest run' }, devDependencies: { husky: '^9.0.0' } }), '.husky/pre-commit': 'npm test\n' };
    expect(await written(files, 'src/a.ts')).toBe('ok');
    expect(await written(files, 'README.md')).toBe('ok');
  });

  it('Xcode schemes and .NET launch profiles ask (editor row)', async () => {
    expect(await written({}, 'W.xcodeproj/xcshareddata/xcschemes/W.xcscheme')).toBe('C241');
    expect(await written({}, 'src/App/Properties/launchSettings.json')).toBe('C241');
  });
});
