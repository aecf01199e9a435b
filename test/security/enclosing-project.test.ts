// Red team R9-9 (MEDIUM-HIGH, cross-door): a project's .codeward/config.json globs (`**/keys/**`) and its
// policy denies (`@coder * sub/db/**`, `@coder * **/secret.sql`) held at the project's top, but a session
// opened at a SUBFOLDER (-C sub, cd sub, an MCP root, a worker's base_path ./sub) read sub/keys/k.txt and
// wrote sub/db/m.sql: only sub/.codeward was read. Now one walk finds the enclosing project for every door
// (permissions/project-enclosing.ts) and its globs and rules are re-based to the workspace
// (workspace/rebase.ts), trusted or not by the project's own record.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createEngine } from '../../src/setup.js';
import { rebaseRules } from '../../src/permissions/project-enclosing.js';
import type { SourceRule } from '../../src/permissions/policy.js';
import { rebaseGlob, rebaseRulePath } from '../../src/workspace/rebase.js';
import { CLI, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { trustWorkspaceAt } from '../helpers/trust.js';
import { stdioClient, type ToolText } from '../doors/mcp-helpers.js';

const SECRET = 'SUBWS_KEY_SECRET';
const POLICY = { rules: [
  { pattern: '@coder * sub/db/**', action: 'deny' },
  { pattern: '@coder * **/secret.sql', action: 'deny' },
  { pattern: '@coder write sub/ok/**', action: 'allow' },
] };
let base: string;
let home: string;
let top: string;
let sub: string;
let env: Record<string, string>;

const git = (cwd: string): void => void spawnSync('git', ['init', '-q'], { cwd });
beforeAll(async () => {
  base = await tempDir('codeward-subws-');
  home = join(base, 'home');
  top = join(base, 'w');
  sub = join(top, 'sub');
  await mkdir(home);
  await writeFiles(top, {
    '.codeward/config.json': JSON.stringify({ nonAccessibleGlobs: ['**/keys/**', 'sub/private/**'] }),
    '.codeward/policy.json': JSON.stringify(POLICY),
    'sub/keys/k.txt': `KEY=${SECRET}\n`,
    'sub/private/p.txt': `P=${SECRET}\n`,
    'sub/a.txt': 'a\n',
    'config.yaml': 'base_path: ./sub\n',
  });
  git(top);
  env = { ...process.env as Record<string, string>, HOME: home, CODEWARD_STATE_DIR: join(home, '.cache/codeward') };
});
afterAll(async () => removeDir(base));

describe('re-basing a pattern of the enclosing project to the workspace', () => {
  it('non-accessible globs: the workspace names are taken off; any-depth globs stay; others vanish or cover', () => {
    expect(rebaseGlob('sub/keys/**', ['sub'])).toEqual({ rest: 'keys/**' });
    expect(rebaseGlob('**/keys/**', ['sub'])).toEqual({ rest: '**/keys/**' });
    expect(rebaseGlob('s*/k/*.txt', ['sub'])).toEqual({ rest: 'k/*.txt' });
    expect(rebaseGlob('a/**/secret/**', ['a', 'b'])).toEqual({ rest: '**/secret/**' });
    expect(rebaseGlob('other/**', ['sub'])).toBeUndefined();
    expect(rebaseGlob('*.pem', ['sub'])).toBeUndefined();
    expect(rebaseGlob('sub/**', ['sub'])).toEqual({ covers: true });
    expect(rebaseGlob('sub', ['sub', 'x'])).toEqual({ covers: true });
  });

  it('rule paths: prefixes, anchored globs keep their anchor, any-depth names stay', () => {
    expect(rebaseRulePath('sub/db/**', ['sub'])).toEqual({ rest: 'db/**' });
    expect(rebaseRulePath('**/secret.sql', ['sub'])).toEqual({ rest: '**/secret.sql' });
    expect(rebaseRulePath('*.sql', ['sub'])).toEqual({ rest: '*.sql' });
    expect(rebaseRulePath('sub/*.sql', ['sub'])).toEqual({ rest: '/*.sql' });
    expect(rebaseRulePath('/sub/db', ['sub'])).toEqual({ rest: 'db' });
    expect(rebaseRulePath('sub', ['sub', 'x'])).toEqual({ covers: true });
    expect(rebaseRulePath('sub/*', ['sub', 'x'])).toBeUndefined();
    expect(rebaseRulePath('other/db/**', ['sub'])).toBeUndefined();
    // Held-back spellings: ./, doubled and trailing slashes, an escaped wildcard, a deeper workspace.
    expect(rebaseRulePath('./sub/db/**', ['sub'])).toEqual({ rest: 'db/**' });
    expect(rebaseRulePath('sub//db/', ['sub'])).toEqual({ rest: 'db' });
    expect(rebaseRulePath('sub/a\\*b/**', ['sub'])).toEqual({ rest: 'a\\*b/**' });
    expect(rebaseRulePath('sub/*/db/**', ['sub', 'x'])).toEqual({ rest: 'db/**' });
    expect(rebaseRulePath('sub/db/**', ['sub', 'db', 'deep'])).toEqual({ covers: true });
  });

  it('rules: a path rule is re-based or dropped; a shell line, a search term or flags stay as written', () => {
    const rules: SourceRule[] = ['@coder * sub/db/**', '@coder write sub', '@coder read other/x', '@coder exec make sub', '@coder delete --recursive sub', '@coder exec rm -rf *']
      .map((pattern) => ({ pattern, action: 'deny', source: 'project' }));
    const project = { snapshot: { root: '/p', files: [] }, trust: { trusted: false, recorded: false, changed: [] }, below: ['sub'] };
    expect(rebaseRules(rules, project).map((rule) => rule.pattern)).toEqual(['@coder * db/**', '@coder write .', '@coder exec make sub', '@coder delete --recursive sub', '@coder exec rm -rf *']);
  });
});

describe('a workspace below the project (in process)', () => {
  it('reads C211 for the project\'s globs, writes C240 for its denies; the rest works', async () => {
    const engine = await createEngine({ workspace: sub, env, permissions: { home, yes: true } });
    try {
      for (const file of ['keys/k.txt', 'private/p.txt']) expect(await engine.run({ cmd: 'read', args: { file } })).toMatchObject({ ok: false, error: { code: 'C211' } });
      for (const file of ['db/m.sql', 'secret.sql', 'deep/secret.sql']) expect(await engine.run({ cmd: 'write', args: { file, content: 'x' } })).toMatchObject({ ok: false, error: { code: 'C240' } });
      expect(await engine.run({ cmd: 'write', args: { file: 'notes.sql', content: 'x' } })).toMatchObject({ ok: true });
      const grep = await engine.run({ cmd: 'exec', args: { cmd: `grep -r ${SECRET} . ; echo done` } });
      expect(JSON.stringify(grep)).toContain('done');
      expect(JSON.stringify(grep)).not.toContain(`=${SECRET}`);
    } finally {
      await engine.close();
    }
  });

  it('a folder the project hides is refused as a workspace (C211), any-depth and anchored globs alike', async () => {
    await expect(createEngine({ workspace: join(sub, 'keys'), env })).rejects.toMatchObject({ code: 'C211', message: expect.stringMatching(/glob \*\*\/keys\/\*\* of the project/) });
    await expect(createEngine({ workspace: join(sub, 'private'), env })).rejects.toMatchObject({ code: 'C211', message: expect.stringMatching(/sub\/private\/\*\*/) });
  });

  it('the enclosing project\'s allow rule applies only once that project is trusted, as at its top', async () => {
    const own = join(base, 'home-trust');
    await mkdir(own);
    await mkdir(join(sub, 'ok'), { recursive: true });
    const write = async (): Promise<unknown> => {
      const engine = await createEngine({ workspace: sub, env: { ...env, HOME: own }, permissions: { home: own } });
      try {
        return await engine.run({ cmd: 'write', args: { file: 'ok/a.txt', content: 'x' } });
      } finally {
        await engine.close();
      }
    };
    const untrusted = await write();
    expect(untrusted).toMatchObject({ ok: false, error: { code: 'C241' } });
    // The notice names the folder whose trust applies the rule: the project's top, not the subfolder.
    expect((untrusted as { warnings: string[] }).warnings.join('\n')).toContain(`"codeward trust -C ${top}" applies them`);
    await trustWorkspaceAt(top, own);
    expect(await write()).toMatchObject({ ok: true });
  });

  it('the walk stops at the git top, and outside a repository at the first folder with settings', async () => {
    await writeFiles(base, {
      'outer/.codeward/policy.json': JSON.stringify({ rules: [{ pattern: '@coder * **/x.txt', action: 'deny' }] }),
      'outer/repo/inner/.keep': '',
      'nogit/.codeward/policy.json': JSON.stringify({ rules: [{ pattern: '@coder * **/n.txt', action: 'deny' }] }),
      'nogit/sub/.keep': '',
    });
    git(join(base, 'outer/repo'));
    const write = async (workspace: string, file: string): Promise<unknown> => {
      const engine = await createEngine({ workspace, env, permissions: { home, yes: true } });
      try {
        return await engine.run({ cmd: 'write', args: { file, content: 'x' } });
      } finally {
        await engine.close();
      }
    };
    expect(await write(join(base, 'outer/repo/inner'), 'x.txt')).toMatchObject({ ok: true });
    expect(await write(join(base, 'nogit/sub'), 'n.txt')).toMatchObject({ ok: false, error: { code: 'C240' } });
  });

  it('the project\'s other engine settings only tighten: a lower maxWriteBytes holds in the subfolder', async () => {
    await writeFiles(base, { 'tight/.codeward/config.json': JSON.stringify({ maxWriteBytes: 10, sandbox: 'read-only' }), 'tight/sub/.keep': '' });
    git(join(base, 'tight'));
    const engine = await createEngine({ workspace: join(base, 'tight/sub'), env, permissions: { home, yes: true } });
    try {
      expect(engine.config).toMatchObject({ maxWriteBytes: 10, sandbox: 'read-only' });
      expect(await engine.run({ cmd: 'write', args: { file: 'big.txt', content: 'x'.repeat(20) } })).toMatchObject({ ok: false, error: { code: 'C213' } });
    } finally {
      await engine.close();
    }
  });

  it('a submodule (a `.git` file) below the project obeys the project too', async () => {
    await writeFiles(sub, { 'vendor/lib/.git': 'gitdir: ../../../.git/modules/lib\n', 'vendor/lib/keys/v.txt': `V=${SECRET}\n` });
    const engine = await createEngine({ workspace: join(sub, 'vendor/lib'), env, permissions: { home, yes: true } });
    try {
      expect(await engine.run({ cmd: 'read', args: { file: 'keys/v.txt' } })).toMatchObject({ ok: false, error: { code: 'C211' } });
    } finally {
      await engine.close();
    }
  });

  it.runIf(process.getuid?.() === 0)('a settings file another account left in a folder above is not obeyed (a shared /tmp)', async () => {
    await writeFiles(base, { 'shared/coder_policy.json': JSON.stringify({ rules: [{ pattern: '@coder *', action: 'deny' }] }), 'shared/sub/.keep': '' });
    chownSync(join(base, 'shared/coder_policy.json'), 65534, 65534);
    const engine = await createEngine({ workspace: join(base, 'shared/sub'), env, permissions: { home, yes: true } });
    try {
      expect(await engine.run({ cmd: 'write', args: { file: 'o.txt', content: 'x' } })).toMatchObject({ ok: true });
    } finally {
      await engine.close();
    }
  });
});

describe('every door spelling of the subfolder (the real binary)', () => {
  const code = (result: ReturnType<typeof runCli>): string | undefined => result.json.error?.code;

  it('CLI -C sub and cwd sub: read C211, write C240', () => {
    for (const where of [{ args: ['-C', sub] }, { args: [], cwd: sub }]) {
      const read = runCli(['--json', ...where.args, 'read', '--file', 'keys/k.txt'], { env, ...(where.cwd ? { cwd: where.cwd } : {}) });
      expect(code(read)).toBe('C211');
      expect(read.stdout).not.toContain(SECRET);
      const write = runCli(['--json', ...where.args, 'write', '--file', 'db/m.sql', '--content', 'x'], { env, ...(where.cwd ? { cwd: where.cwd } : {}) });
      expect(code(write)).toBe('C240');
    }
    expect(existsSync(join(sub, 'db/m.sql'))).toBe(false);
  });

  it('an MCP client\'s root at sub (SDK client): read C211, write C240', async () => {
    const client = await stdioClient(top, home, {
      capabilities: { roots: { listChanged: true } },
      setup: (c) => c.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: pathToFileURL(sub).href }] })),
    });
    try {
      const read = (await client.callTool({ name: 'read', arguments: { file: 'keys/k.txt' } })) as unknown as ToolText;
      expect(read.structuredContent.error.code).toBe('C211');
      const write = (await client.callTool({ name: 'write', arguments: { file: 'secret.sql', content: 'x' } })) as unknown as ToolText;
      expect(write.structuredContent.error.code).toBe('C240');
    } finally {
      await client.close();
    }
  });

  it('the worker with a repository config.yaml base_path ./sub: read C211, create C240', () => {
    const worker = (id: string, payload: unknown): string => spawnSync(process.execPath, [CLI, 'worker', '--yes', '--invoke', id, '--payload', JSON.stringify(payload)], { cwd: top, encoding: 'utf8', env, timeout: 60_000 }).stdout;
    const read = worker('coder::read-file', { path: 'keys/k.txt' });
    expect(read).toMatch(/C211/);
    expect(read).not.toContain(SECRET);
    expect(worker('coder::create-file', { files: [{ path: 'db/m.sql', content: 'x' }] })).toMatch(/C240/);
    expect(existsSync(join(sub, 'db/m.sql'))).toBe(false);
  });
});
