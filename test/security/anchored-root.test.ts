// Red team round 7, R7-5 (CRITICAL): an ANCHORED non-accessible glob of the user (`config/private/**` in
// ~/.codeward/config.json) was re-read from a narrowed root: a root at `config` (-C config, `cd config`, a
// repository's worker config.yaml `base_path: ./config`, an MCP root) served `private/db.txt`, and a root at
// `config/private` served `db.txt`. An anchored glob now holds at every folder above the root too
// (src/workspace/anchored.ts): re-anchored for a root below it (one list in setup.ts for every reader), a root
// it covers is refused with C211.
import { spawnSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { narrowWorkspace } from '../../src/doors/mcp/roots.js';
import { createEngine } from '../../src/setup.js';
import { anchoredAtRoot } from '../../src/workspace/anchored.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { CLI, removeDir, tempDir } from '../helpers/fixture.js';

const GLOBS = ['**/.env', 'config/private/**', './keys/*.txt'];
let base: string;
let home: string;
let env: Record<string, string | undefined>;
beforeAll(async () => {
  base = await tempDir('codeward-anchored-');
  home = await tempDir('codeward-anchored-home-');
  await mkdir(join(home, '.codeward'), { recursive: true });
  await writeFile(join(home, '.codeward/config.json'), JSON.stringify({ nonAccessibleGlobs: GLOBS }));
  await mkdir(join(base, 'config/private/deep'), { recursive: true });
  await mkdir(join(base, 'keys'), { recursive: true });
  await writeFile(join(base, 'config/private/db.txt'), 'DBPASS=xyz\n');
  await writeFile(join(base, 'config/app.yaml'), 'name: app\n');
  await writeFile(join(base, 'keys/k.txt'), 'KEY=abc\n');
  await symlink(join(base, 'config'), join(base, 'cfg'));
  env = { ...process.env, HOME: home };
});
afterAll(async () => {
  await removeDir(base);
  await removeDir(home);
});

describe('anchoredAtRoot', () => {
  it('takes the root\'s last names off an anchored glob; a glob that ends at or above the root covers it', () => {
    expect(anchoredAtRoot(GLOBS, ['/w/proj/config']).rests).toEqual(['private/**']);
    expect(anchoredAtRoot(GLOBS, ['/w/proj/keys'])).toEqual({ rests: ['*.txt'] });
    expect(anchoredAtRoot(GLOBS, ['/w/proj/config/private']).covers).toEqual({ folder: '/w/proj/config/private', pattern: 'config/private/**' });
    expect(anchoredAtRoot(GLOBS, ['/w/proj/config/./private/deep']).covers?.folder).toBe('/w/proj/config/private');
    expect(anchoredAtRoot(['a/**/secret/**'], ['/w/a/b']).rests).toEqual(['**/secret/**']);
  });

  it('holds never at `/`, for wildcard-only globs, any-depth or negated ones; another name is not matched', () => {
    expect(anchoredAtRoot(['tmp/**', '*', '**/*', '*/*', '**/secrets/**', '!config/x'], ['/tmp/w/config'])).toEqual({ rests: [] });
    expect(anchoredAtRoot(['config/private/**'], ['/w/Config', '/w/configs'])).toEqual({ rests: [] });
  });
});

describe('a root narrowed below an anchored glob of the user', () => {
  it.each(['config/private', 'config/private/deep', 'cfg/private', 'config/./private'])('-C %s is refused with C211 (both spellings count)', async (folder) => {
    await expect(createEngine({ workspace: join(base, folder), env })).rejects.toMatchObject({ code: 'C211', message: expect.stringMatching(/config\/private\/\*\* may hide/) });
  });

  it.each(['config', 'cfg'])('-C %s: read, search and tree do not serve private/db.txt; the rest stays readable', async (folder) => {
    const engine = await createEngine({ workspace: join(base, folder), env, sandbox: { mode: 'off' } });
    try {
      expect(await engine.run({ cmd: 'read', args: { file: 'private/db.txt' } })).toMatchObject({ ok: false, error: { code: 'C211' } });
      const search = await engine.run({ cmd: 'search', args: { pattern: 'DBPASS' } });
      expect(JSON.stringify(search)).not.toContain('xyz');
      const tree = await engine.run({ cmd: 'tree', args: {} });
      expect(JSON.stringify(tree)).toMatch(/"path":"private\/db.txt","type":"file","nonAccessible":true/);
      expect(await engine.run({ cmd: 'read', args: { file: 'app.yaml' } })).toMatchObject({ ok: true });
    } finally {
      await engine.close();
    }
  });

  it('-C config: the sandbox view hides private/ too (a recursive grep in exec prints nothing of it)', async () => {
    const engine = await createEngine({ workspace: join(base, 'config'), env });
    try {
      const run = await engine.run({ cmd: 'exec', args: { cmd: 'grep -r DBPASS . ; echo done' } });
      expect(JSON.stringify(run)).toContain('done');
      expect(JSON.stringify(run)).not.toContain('xyz');
    } finally {
      await engine.close();
    }
  });

  it('an MCP client\'s root at config serves nothing of private/; one at config/private builds no engine', async () => {
    const narrowed = await narrowWorkspace(base, [{ uri: pathToFileURL(join(base, 'config')).href }], () => undefined);
    const engine = await createEngine({ workspace: narrowed, env });
    try {
      expect(await engine.run({ cmd: 'read', args: { file: 'private/db.txt' } })).toMatchObject({ ok: false, error: { code: 'C211' } });
    } finally {
      await engine.close();
    }
    const deeper = await narrowWorkspace(base, [{ uri: pathToFileURL(join(base, 'config/private')).href }], () => undefined);
    await expect(createEngine({ workspace: deeper, env })).rejects.toMatchObject({ code: 'C211' });
  });

  it('a glob with ./ re-anchors too: -C keys hides k.txt', async () => {
    const engine = await createEngine({ workspace: join(base, 'keys'), env });
    try {
      expect(await engine.run({ cmd: 'read', args: { file: 'k.txt' } })).toMatchObject({ ok: false, error: { code: 'C211' } });
    } finally {
      await engine.close();
    }
  });

  it('the workspace at the anchor itself is unchanged: config/private/db.txt hidden, nothing else', async () => {
    const workspace = (await Workspace.open(base)).withOptions({ nonAccessibleGlobs: GLOBS });
    expect(workspace.isNonAccessible('config/private/db.txt')).toBe(true);
    expect(workspace.isNonAccessible('config/app.yaml')).toBe(false);
  });

  it('through the real binary: a repository config.yaml base_path ./config (worker) and cwd config without -C', async () => {
    await writeFile(join(base, 'config.yaml'), 'base_path: ./config\n');
    const worker = spawnSync(process.execPath, [CLI, 'worker', '--invoke', 'coder::read-file', '--payload', JSON.stringify({ path: 'private/db.txt' })], { cwd: base, encoding: 'utf8', env: { ...process.env, HOME: home }, timeout: 60_000 });
    expect(worker.stdout + worker.stderr).not.toContain('xyz');
    expect(worker.stdout).toMatch(/C211/);
    const cwd = spawnSync(process.execPath, [CLI, '--json', 'read', '--file', 'private/db.txt'], { cwd: join(base, 'config'), encoding: 'utf8', env: { ...process.env, HOME: home }, timeout: 60_000 });
    expect(JSON.parse(cwd.stdout).error?.code).toBe('C211');
    expect(cwd.stdout).not.toContain('xyz');
  });
});
