// Red team round 8, R8-6 (CRITICAL): the hooks were protected, what an active hook runs was not: a pre-commit
// hook `exec ./scripts/pre-commit.sh`, or husky's `.husky/pre-commit` saying `npm test`, ran a project file the
// file tools (and the agent in auto-edit) wrote unasked, outside any sandbox, at the person's next commit. The
// files an executable hook reaches are obeyed now (src/permissions/obeyed-hooks.ts).
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookReached } from '../../src/permissions/obeyed-hooks.js';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { obeyedContext } from '../../src/permissions/obeyed-context.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { git } from './git-run.js';
import { agentScene, answer, coder, runAgent } from '../agent/e2e/run-agent.js';

const HAS_BWRAP = existsSync('/usr/bin/bwrap');
const scene = agentScene();

let root: string;
let home: string;
beforeAll(async () => {
  root = await tempDir('codeward-hooks-');
  home = await tempDir('codeward-home-');
  git(root, 'init', '-q');
  await writeFiles(root, {
    'package.json': '{"scripts":{"test":"echo ok"}}\n',
    'scripts/pre-commit.sh': '#!/bin/sh\nsh scripts/lint.sh\n',
    'scripts/lint.sh': 'echo lint\n',
    'src/app.js': 'x\n',
    '.husky/pre-commit': 'npm test\n',
  });
  await writeFile(join(root, '.git/hooks/pre-commit'), '#!/bin/sh\n# delegate\nexec ./scripts/pre-commit.sh "$@"\n');
  await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
  await writeFile(join(root, '.git/hooks/pre-push'), '#!/bin/sh\nmake check\n');
  await chmod(join(root, '.git/hooks/pre-push'), 0o755);
  // A sample (not executable) is not a hook.
  await writeFile(join(root, '.git/hooks/post-merge'), '#!/bin/sh\nsh src/app.js\n');
});
afterAll(async () => {
  await removeDir(root);
  await removeDir(home);
});

describe('what an active git hook runs', () => {
  it('a script a hook names (and what that script names), the task file of a runner it starts; not an inactive hook', () => {
    const { files } = hookReached([join(root, '.git/hooks')], root, ['pre-commit', 'pre-push', 'post-merge']);
    expect(files).toEqual(expect.arrayContaining([join(root, 'scripts/pre-commit.sh'), join(root, 'scripts/lint.sh'), join(root, 'Makefile')]));
    expect(files).not.toContain(join(root, 'src/app.js'));
  });

  it('husky: the hooks folder .husky/_ runs .husky/<hook>, whose `npm test` obeys package.json', async () => {
    await mkdir(join(root, '.husky/_'), { recursive: true });
    await writeFile(join(root, '.husky/_/pre-commit'), '#!/usr/bin/env sh\n. "${0%/*}/h"\n');
    await chmod(join(root, '.husky/_/pre-commit'), 0o755);
    expect(hookReached([join(root, '.husky/_')], root, ['pre-commit']).files).toContain(join(root, 'package.json'));
    git(root, 'config', 'core.hooksPath', '.husky/_');
    try {
      const ctx = obeyedContext(root, home);
      expect(isObeyedLater('package.json', ctx)).toBeDefined();
      expect(isObeyedLater('src/app.js', ctx)).toBeUndefined();
    } finally {
      git(root, 'config', '--unset', 'core.hooksPath');
    }
  });

  it('through the real binary under --yes: the delegated script and the script it runs ask and stay; an ordinary file is written', () => {
    const env = { HOME: home };
    for (const file of ['scripts/pre-commit.sh', 'scripts/lint.sh']) {
      const write = runCli(['--json', '-C', root, 'write', '--file', file, '--content', '#!/bin/sh\ntouch PWNED\n'], { env });
      expect(write.json.error?.code, `${file}: ${write.stdout}`).toBe('C241');
    }
    expect(readFileSync(join(root, 'scripts/lint.sh'), 'utf8')).toBe('echo lint\n');
    expect(existsSync(join(root, 'Makefile'))).toBe(false);
    const ordinary = runCli(['--json', '-C', root, 'write', '--file', 'src/app.js', '--content', 'y\n'], { env });
    expect(ordinary.json.ok, ordinary.stdout).toBe(true);
  });

  it.skipIf(!HAS_BWRAP)('a sandboxed exec that rewrites the script a hook runs: read-only there (or not applied), the rest is applied', async () => {
    await writeFile(join(root, 'mod.sh'), 'echo "touch PWNED" >> scripts/lint.sh; echo made > made.txt\n');
    const run = runCli(['-C', root, 'exec', '--cmd', 'sh mod.sh'], { env: { HOME: home } });
    expect(run.stdout + run.stderr).toMatch(/lint\.sh: Read-only file system|scripts\/lint\.sh: protected/);
    expect(readFileSync(join(root, 'scripts/lint.sh'), 'utf8')).toBe('echo lint\n');
    expect(existsSync(join(root, 'made.txt'))).toBe(true);
  });

  it('the agent in auto-edit: a write of the script the hook runs is not made unasked', async () => {
    const server = await scene.serve({ replies: [answer('1. Tidy', coder('write', { file: 'scripts/pre-commit.sh', content: '#!/bin/sh\ntouch PWNED\n' })), 'done'] });
    const env = await scene.env();
    await runAgent(['-p', 'tidy', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--approval-mode', 'auto-edit'], { cwd: root, env, timeoutMs: 120_000 });
    expect(server.requests[1]?.messages.at(-1)?.content ?? '').toMatch(/C241|needs approval/);
    expect(readFileSync(join(root, 'scripts/pre-commit.sh'), 'utf8')).toBe('#!/bin/sh\nsh scripts/lint.sh\n');
  }, 180_000);
});
