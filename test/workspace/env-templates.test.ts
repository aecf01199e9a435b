// The committed env templates (.env.example, .sample, .template, .dist) document variables and are
// readable by default; every other .env.* stays hidden. A repository that tracks only a template keeps its
// git inside sandboxed exec (a tracked non-accessible file would hide it).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const bwrap = existsSync('/usr/bin/bwrap');
let root: string;
beforeAll(async () => {
  root = await tempDir('codeward-env-templates-');
  await writeFiles(root, {
    '.env.example': 'DATABASE_URL=\n',
    '.env.local': 'DATABASE_URL=postgres://secret-local\n',
    '.env.example.local': 'DATABASE_URL=postgres://secret-example-local\n',
    'app.js': 'process.env.DATABASE_URL;\n',
  });
  const git = (...args: string[]): string => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: root } });
  git('init', '-q');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '.env.example', 'app.js');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'init');
});
afterAll(async () => removeDir(root));

describe('env templates', () => {
  it('read shows .env.example; .env.local and .env.example.local stay refused', () => {
    expect(runCli(['-C', root, '--json', 'read', '--file', '.env.example']).json).toMatchObject({ ok: true, data: { content: 'DATABASE_URL=\n' } });
    for (const file of ['.env.local', '.env.example.local']) {
      expect(runCli(['-C', root, '--json', 'read', '--file', file]).json).toMatchObject({ ok: false, error: { code: 'C211' } });
    }
  });

  it('a search with dot-files never shows a hidden .env file', () => {
    const result = runCli(['-C', root, '--json', 'search', '--term', 'DATABASE_URL', '--include-hidden']);
    expect(result.json.ok).toBe(true);
    expect(JSON.stringify(result.json)).not.toContain('secret-');
    expect(JSON.stringify(result.json)).toContain('app.js');
  });

  it.skipIf(!bwrap)('a repository that tracks only .env.example keeps git inside sandboxed exec', () => {
    const result = runCli(['-C', root, '--json', 'exec', '--cmd', 'git ls-files']);
    expect(result.json).toMatchObject({ ok: true, data: { exitCode: 0 } });
    expect(result.json.data.stdout).toContain('.env.example');
  });
});
