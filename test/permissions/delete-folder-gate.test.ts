// Red team round 11, R11-5 (CRITICAL): `delete --recursive` of a folder was judged on the folder's own path
// only (commands/delete.ts checked the non-accessible files below), so under --yes it removed files the write
// gate protects one by one (docs/AGENTS.md, sub/.envrc, .github/workflows/ci.yml, a script a hook names, the
// plugin a hook's pytest loads), and the model then re-created the plugin with its own content. Now every
// entry below passes the write gate (commands/folder-gate.ts, shared with move): C241 naming the file, nothing
// removed; a deny rule on an entry refuses (C240). Each protected row fails on the old delete.ts.
import { existsSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { git } from './git-run.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-delete-gate-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

const FILES = {
  '.husky/pre-commit': 'python3 -m pytest -q -x tests\nsh scripts/check.sh\n',
  'pyproject.toml': '[tool.pytest.ini_options]\naddopts = "-p tools.plug2"\n',
  'tools/plug2.py': 'x = 1\n', 'tools/__init__.py': '', 'tests/test_a.py': 'def test_a(): pass\n',
  'scripts/check.sh': 'echo ok\n', 'docs/AGENTS.md': 'be nice\n', 'docs/guide.md': 'g\n',
  'sub/.envrc': 'export A=1\n', 'sub/x.txt': 'x\n', '.github/workflows/ci.yml': 'on: push\n',
  'build/out/a.o': 'o\n', 'build/b.o': 'o\n', 'a.txt': 'a\n',
};

let count = 0;
async function repository(): Promise<string> {
  const root = join(base, `r${++count}`);
  await writeFiles(root, FILES);
  git(root, 'init', '-q');
  await writeFile(join(root, '.git/hooks/pre-commit'), '#!/bin/sh\nsh .husky/pre-commit\n');
  await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
  return root;
}

describe('delete --recursive asks the write gate about everything the folder holds (R11-5)', () => {
  it.each([
    ['tools', 'tools/__init__.py'], // the plugin's package runs first (R12-1): named before tools/plug2.py
    ['docs', 'docs/AGENTS.md'],
    ['sub', 'sub/.envrc'],
    ['.github', '.github/workflows'],
    ['scripts', 'scripts/check.sh'],
  ])('%s under --yes: C241 naming %s, nothing removed', async (folder, file) => {
    const root = await repository();
    const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
    try {
      const result = await engine.run({ cmd: 'delete', args: { paths: [folder], recursive: true } });
      expect(JSON.stringify(result)).toContain('C241');
      expect(JSON.stringify(result)).toContain(file);
      expect(existsSync(join(root, file))).toBe(true);
    } finally {
      await engine.close();
    }
  });

  it('an ordinary folder is removed under --yes; a deny rule on a file below refuses the folder (C240)', async () => {
    const root = await repository();
    const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true, cliRules: { deny: ['@coder delete build/out/a.o'] } } });
    try {
      const denied = await engine.run({ cmd: 'delete', args: { paths: ['build'], recursive: true } });
      expect(JSON.stringify(denied)).toContain('C240');
      expect(JSON.stringify(denied)).toContain('build/out/a.o');
      expect(existsSync(join(root, 'build/out/a.o'))).toBe(true);
      const removed = await engine.run({ cmd: 'delete', args: { paths: ['sub/x.txt', 'tests'], recursive: true } });
      expect(JSON.stringify(removed)).not.toContain('C24');
      expect(existsSync(join(root, 'tests'))).toBe(false);
    } finally {
      await engine.close();
    }
  });

  it('a deny rule whose glob names a file below (not the folder) refuses the folder (C240): it removed it before', async () => {
    const root = await repository();
    await writeFiles(root, { 'build/x/secret.conf': 's\n' });
    const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true, cliRules: { deny: ['@coder delete **/secret.conf'] } } });
    try {
      const denied = await engine.run({ cmd: 'delete', args: { paths: ['build'], recursive: true } });
      expect(JSON.stringify(denied)).toContain('C240');
      expect(JSON.stringify(denied)).toContain('build/x/secret.conf');
      expect(existsSync(join(root, 'build/x/secret.conf'))).toBe(true);
    } finally {
      await engine.close();
    }
  });

  it('a person is asked about the folder and names the protected file in one question; "no" removes nothing', async () => {
    const root = await repository();
    const asked: string[] = [];
    const engine = await createEngine({
      workspace: root, env: { HOME: home },
      permissions: { home, approver: async (request) => { asked.push(JSON.stringify(request)); return 'no'; } },
    });
    try {
      const result = await engine.run({ cmd: 'delete', args: { paths: ['docs'], recursive: true } });
      expect(result).toMatchObject({ ok: false });
      expect(asked.join('\n')).toContain('docs/AGENTS.md');
      expect(existsSync(join(root, 'docs/AGENTS.md'))).toBe(true);
    } finally {
      await engine.close();
    }
  });
});

// R11-5's second half: the runner-config walk (permissions/obeyed-hooks.ts) protected only the files that
// existed, so once the folder was gone (or before it was ever made) the model planted the plugin or setup file.
describe('a code file a runner\'s configuration names is obeyed whether or not it exists (R11-5)', () => {
  it.each([
    ['pytest -p tools.plug2, tools/ removed', 'python3 -m pytest -q', { 'pyproject.toml': '[tool.pytest.ini_options]\naddopts = "-p tools.plug2"\n' }, ['tools/plug2.py', 'tools/plug2/__init__.py']],
    ['vitest setupFiles, no cfg/ folder', 'npx vitest run', { 'vitest.config.ts': "export default { test: { setupFiles: ['./cfg/setup.ts'] } };\n" }, ['cfg/setup.ts']],
    ['jest setupFiles <rootDir>', 'npx jest', { 'jest.config.js': "module.exports = { setupFiles: ['<rootDir>/jest/setup.js'] };\n" }, ['jest/setup.js']],
  ])('%s: create is C241, no folder made', async (_, hook, files: Record<string, string>, planted: readonly string[]) => {
    const root = join(base, `c${++count}`);
    await writeFiles(root, { ...files, 'a.txt': 'a\n' });
    git(root, 'init', '-q');
    await writeFile(join(root, '.git/hooks/pre-commit'), `#!/bin/sh\n${hook}\n`);
    await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
    const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
    try {
      for (const path of planted) {
        expect(await engine.run({ cmd: 'create', args: { files: [{ path, content: 'open("/tmp/PWN","w")\n' }] } }), path).toMatchObject({ ok: false, error: { code: 'C241' } });
        expect(existsSync(join(root, path.split('/')[0]!)), path).toBe(false);
      }
      // What the configuration does not name stays ordinary.
      expect(await engine.run({ cmd: 'create', args: { files: [{ path: 'other/x.py', content: 'x\n' }] } })).toMatchObject({ ok: true });
    } finally {
      await engine.close();
    }
  });
});
