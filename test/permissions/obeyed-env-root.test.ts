// Red team round 7, R7-6 (HIGH): a narrowed root that IS a PATH folder (`-C bin` with PATH=$W/bin, `-C
// node_modules/.bin` with a relative PATH entry, `-C tools/bin` staged exec) or lies between a relative entry's
// names (`-C node_modules`, entry node_modules/.bin) had nothing protected: PATH entries were matched as
// root-relative folders and an entry equal to the root was skipped. Now a file at such a root named like a
// program of the rest of PATH (or an everyday one) is protected, and a root below a relative entry's first
// names keeps the rest of it (obeyed-env.ts foldersAt, workspace/anchored.ts). Other files stay ordinary.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envLoadGlobs, withoutRelativePath } from '../../src/permissions/obeyed-env.js';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { agentScene, answer, coder, runAgent } from '../agent/e2e/run-agent.js';

const HAS_BWRAP = existsSync('/usr/bin/bwrap');
const scene = agentScene();

let root: string;
let home: string;
beforeAll(async () => {
  root = await tempDir('codeward-path-root-');
  home = await tempDir('codeward-home-');
  for (const folder of ['bin', 'node_modules/.bin', 'tools/bin']) await mkdir(join(root, folder), { recursive: true });
});
afterAll(async () => {
  await removeDir(root);
  await removeDir(home);
});

const judged = (path: string, at: string, env: Record<string, string>, staged = false): string | undefined => {
  const ctx = { gitPaths: [], envGlobs: envLoadGlobs([at], env) };
  return isObeyedLater(path, staged ? withoutRelativePath(ctx) : ctx)?.pattern;
};

describe('a root that is a PATH folder, or lies inside a relative entry\'s names', () => {
  it('the root on PATH (absolute, or a relative entry it ends with): a program name is protected, other files are not', () => {
    for (const [at, PATH] of [['/w/bin', '/w/bin:/usr/bin'], ['/w/node_modules/.bin', 'node_modules/.bin:/usr/bin'], ['/w/tools/bin', '/w/tools/bin/']]) {
      expect(judged('git', at!, { PATH: PATH! }), `${at} ${PATH}`).toBe('*');
      expect(judged('ls', at!, { PATH: PATH! }, true), `${at} staged`).toBe('*');
      expect(judged('README.md', at!, { PATH: PATH! }), at).toBeUndefined();
      expect(judged('sub/git', at!, { PATH: PATH! }), at).toBeUndefined();
    }
  });

  it('a root at a relative entry\'s first names keeps the rest: -C node_modules holds .bin', () => {
    expect(judged('.bin/ls', '/w/node_modules', { PATH: 'node_modules/.bin:/usr/bin' })).toBe('.bin/**');
    expect(judged('.bin/touch', '/w/node_modules', { PATH: 'node_modules/.bin:/usr/bin' }, true)).toBe('.bin/*');
    expect(judged('.bin/made-up-tool', '/w/node_modules', { PATH: 'node_modules/.bin:/usr/bin' }, true)).toBeUndefined();
    expect(judged('git', '/w/node_modules/.bin/sub', { PATH: 'node_modules/.bin' })).toBeUndefined();
    // `.` (and the empty entry) is the folder the shell stands in: a program's name there shadows it (R24-17).
    expect(judged('git', '/w/proj', { PATH: '.:' })).toBe('**/*');
    expect(judged('notes', '/w/proj', { PATH: '.:' })).toBeUndefined();
  });

  it('through the real binary under --yes: -C bin create git asks, README is written; -C node_modules/.bin create ls asks', () => {
    const env = { HOME: home, PATH: `${join(root, 'bin')}:node_modules/.bin:${process.env['PATH'] ?? ''}` };
    const files = (path: string): string => JSON.stringify([{ path, content: '#!/bin/sh\necho pwn\n', mode: '0755' }]);
    const git = runCli(['--json', '-C', join(root, 'bin'), 'create', '--files', files('git')], { env });
    expect(git.json.error?.code, git.stdout).toBe('C241');
    expect(git.json.error?.message).toMatch(/PATH names/);
    const ls = runCli(['--json', '-C', join(root, 'node_modules/.bin'), 'create', '--files', files('ls')], { env });
    expect(ls.json.error?.code, ls.stdout).toBe('C241');
    expect(existsSync(join(root, 'bin/git')) || existsSync(join(root, 'node_modules/.bin/ls'))).toBe(false);
    const readme = runCli(['--json', '-C', join(root, 'bin'), 'create', '--files', JSON.stringify([{ path: 'README', content: 'x' }])], { env });
    expect(readme.json.ok, readme.stdout).toBe(true);
  });

  it.skipIf(!HAS_BWRAP)('staged exec at -C tools/bin: a git the command made is set aside, its other files applied', async () => {
    await writeFile(join(root, 'tools/bin/mk.sh'), 'printf "#!/bin/sh\\necho pwn\\n" > git; chmod +x git; echo hi > notes.txt\n');
    const env = { HOME: home, PATH: `${join(root, 'tools/bin')}:${process.env['PATH'] ?? ''}` };
    const run = runCli(['-C', join(root, 'tools/bin'), 'exec', '--cmd', 'sh mk.sh'], { env });
    expect(run.stdout + run.stderr).toMatch(/git: protected.*PATH names/);
    expect(existsSync(join(root, 'tools/bin/git'))).toBe(false);
    expect(existsSync(join(root, 'tools/bin/notes.txt'))).toBe(true);
  });

  it('the agent in auto-edit at -C bin: create git is not written unasked', async () => {
    const server = await scene.serve({ replies: [answer('1. Add it', coder('create', { files: [{ path: 'git', content: '#!/bin/sh\necho pwn\n', mode: '0755' }] })), 'done'] });
    const env = await scene.env({ PATH: `${join(root, 'bin')}:${process.env['PATH'] ?? ''}` });
    await runAgent(['-C', join(root, 'bin'), '-p', 'add it', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--approval-mode', 'auto-edit'], { cwd: root, env, timeoutMs: 120_000 });
    expect(server.requests[1]?.messages.at(-1)?.content ?? '').toMatch(/C241|needs approval/);
    expect(existsSync(join(root, 'bin/git'))).toBe(false);
  }, 180_000);
});
