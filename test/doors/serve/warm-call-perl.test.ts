// The ChatCLI wrapper's perl client (src/bin/warm-call.pl, docs/chatcli-plugin.md): through the real wrapper (the
// docs' heredoc run by sh), real perl and a real `codeward serve`, each call gets node's answer; a `node` first on
// PATH records every start, which tells whether perl answered the call itself or handed it to node.
import { spawnSync } from 'node:child_process';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { socketPath } from '../../../src/doors/serve/socket.js';
import { CLI, REPO_ROOT } from '../../helpers/fixture.js';
import { serveRig, startServe, stopServers } from '../../helpers/serve.js';

const PERL = join(REPO_ROOT, 'dist/bin/warm-call.pl');
const rig = serveRig('cw-perl', { 'a.txt': 'one\ntwo\n' }, ['bin']);
const bin = (): string => rig.more['bin']!;

function environment(extra: Record<string, string> = {}): Record<string, string> {
  return { ...rig.env, PATH: `${bin()}:${dirname(process.execPath)}:${process.env['PATH'] ?? '/usr/bin:/bin'}`, ...extra };
}

async function installDocumentedWrapper(): Promise<string> {
  const docs = await readFile(join(REPO_ROOT, 'docs/chatcli-plugin.md'), 'utf8');
  const heredoc = /^cat > ~\/\.chatcli\/plugins\/coder <<EOF\n[\s\S]*?\nEOF$/m.exec(docs)?.[0];
  expect(heredoc).toBeDefined();
  const wrapper = join(bin(), 'coder');
  const written = spawnSync('sh', ['-c', heredoc!.replace('~/.chatcli/plugins/coder', '"$TARGET"')], { env: { PATH: process.env['PATH'] ?? '', CODEWARD: REPO_ROOT.replace(/\/$/, ''), TARGET: wrapper }, encoding: 'utf8' });
  expect(written.status, written.stderr).toBe(0);
  await chmod(wrapper, 0o755);
  await writeFile(join(bin(), 'node'), `#!/bin/sh\necho started >> "${join(bin(), 'node-started')}"\nexec "${process.execPath}" "$@"\n`);
  await chmod(join(bin(), 'node'), 0o755);
  return wrapper;
}

const startServer = (): ReturnType<typeof startServe> => startServe({ ...rig, env: environment() });

type Answer = { status: number | null; stdout: string; stderr: string };

// The call through the wrapper, and whether node started for it.
async function viaWrapper(wrapper: string, args: readonly string[], extra: Record<string, string> = {}, input?: string): Promise<Answer & { node: boolean }> {
  await rm(join(bin(), 'node-started'), { force: true });
  const result = spawnSync(wrapper, args, { cwd: rig.root, env: environment(extra), encoding: 'utf8', ...(input === undefined ? { stdio: ['ignore', 'pipe', 'pipe'] } : { input }) });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, node: existsSync(join(bin(), 'node-started')) };
}

// The node path the wrapper used before: the bin with the wrapper's words and variable.
function viaNode(args: readonly string[], extra: Record<string, string> = {}, input?: string): Answer {
  const result = spawnSync(process.execPath, [CLI, '--yes', ...args], { cwd: rig.root, env: environment({ CODEWARD_CHATCLI_PLUGIN: '1', ...extra }), encoding: 'utf8', ...(input === undefined ? { stdio: ['ignore', 'pipe', 'pipe'] } : { input }) });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the wrapper\'s perl client answers as the bin does', { timeout: 120_000 }, () => {
  it('finds the socket socket.ts names (one rule, pinned here)', () => {
    const workspaces = ['/tmp/w', '/srv/é clé', '/home/u/😀/x', '/tmp/日本語'];
    const envs = [
      { XDG_RUNTIME_DIR: '/run/user/1000', HOME: '/h' },
      { XDG_RUNTIME_DIR: 'relative', CODEWARD_STATE_DIR: '/s//state/', HOME: '/h' },
      { XDG_RUNTIME_DIR: '', CODEWARD_STATE_DIR: 'rel', XDG_CACHE_HOME: '/c/./x/../cache', HOME: '/h' },
      { HOME: '/home/someone/' },
    ];
    for (const env of envs) {
      for (const workspace of workspaces) {
        const printed = spawnSync('perl', [PERL, '--print-socket', workspace], { env: { PATH: process.env['PATH'] ?? '', ...env }, encoding: 'utf8' });
        expect(printed.stdout, `${JSON.stringify(env)} ${workspace}`).toBe(`${socketPath(env, workspace)}\n`);
      }
    }
  });

  it('a read and an error call: answered by perl (no node), node\'s answer', async () => {
    await startServer();
    const wrapper = await installDocumentedWrapper();
    for (const args of [['read', 'a.txt'], ['read', 'missing.txt'], ['--json', 'read', 'a.txt']]) {
      const warm = await viaWrapper(wrapper, args);
      expect(warm.node, `${args.join(' ')}: ${warm.stderr}`).toBe(false);
      const node = viaNode(args);
      expect({ status: warm.status, stdout: warm.stdout, stderr: warm.stderr }).toEqual(node);
      expect({ status: warm.status, stdout: warm.stdout, stderr: warm.stderr }).toEqual(viaNode(args, { CODEWARD_NO_SERVE: '1' }));
    }
    expect((await viaWrapper(wrapper, ['read', 'missing.txt'])).status).toBe(1);
  });

  it('a call the server sends back (--content=-) runs in node, as node runs it', async () => {
    await startServer();
    const wrapper = await installDocumentedWrapper();
    const warm = await viaWrapper(wrapper, ['write', '--file', 'piped.txt', '--content=-'], {}, 'from stdin\n');
    expect(warm.node).toBe(true);
    expect(warm.status, warm.stderr).toBe(0);
    const written = await readFile(join(rig.root, 'piped.txt'), 'utf8');
    await rm(join(rig.root, 'piped.txt'));
    expect({ status: warm.status, stdout: warm.stdout, stderr: warm.stderr }).toEqual(viaNode(['write', '--file', 'piped.txt', '--content=-'], {}, 'from stdin\n'));
    expect(await readFile(join(rig.root, 'piped.txt'), 'utf8')).toBe(written);
  });

  it('a socket folder that is not private, CODEWARD_NO_SERVE=1 and no server: node answers (and warns as it does)', async () => {
    await startServer();
    const wrapper = await installDocumentedWrapper();
    const off = await viaWrapper(wrapper, ['read', 'a.txt'], { CODEWARD_NO_SERVE: '1' });
    expect(off.node).toBe(true);
    expect({ status: off.status, stdout: off.stdout, stderr: off.stderr }).toEqual(viaNode(['read', 'a.txt'], { CODEWARD_NO_SERVE: '1' }));
    await chmod(join(rig.state, 'serve'), 0o750);
    const open = await viaWrapper(wrapper, ['read', 'a.txt']);
    expect(open.node).toBe(true);
    expect(open.stderr).toContain('not using the warm engine');
    expect({ status: open.status, stdout: open.stdout, stderr: open.stderr }).toEqual(viaNode(['read', 'a.txt']));
    await chmod(join(rig.state, 'serve'), 0o700);
    await stopServers(rig);
    const none = await viaWrapper(wrapper, ['read', 'a.txt']);
    expect(none.node).toBe(true);
    expect({ status: none.status, stdout: none.stdout, stderr: none.stderr }).toEqual(viaNode(['read', 'a.txt']));
  });
});
