// Issue 26 / round 33 (fix33a): `--sandbox off` is "reads unconfined, writes jailed" wherever bubblewrap runs
// (sandbox/write-jail.ts). The class of R33-1..R33-9: a program writes wherever its option files, option strings in
// the environment, stdin, addresses or SQL tell it, which the parse never reads; here spelled so no parse can see
// it (a script file of the workspace writes $HOME/x). Expected: the workspace and the person's sandboxWritable
// folders are written (the temporary folder is the run's own since round 35); the home, /var/tmp and the enclosing repository's .git are not;
// reads outside homes and the network work as before (a home: as the sandbox shows it, round 37). Every `off` run is jailed, a person-approved one too (the
// question says so: "writes jailed …"). Where no jail runs (bwrap missing: CODEWARD_BWRAP=/bin/false), the
// parse's rules for a run nothing contains ask as before.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { writeJailProfile } from '../../src/sandbox/write-jail.js';
import { jailArgs, jailPolicy } from '../helpers/jail-args.js';
import { writeFiles } from '../helpers/fixture.js';

const bwrapWorks = ((): boolean => {
  try {
    execFileSync('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '--dev-bind', '/dev', '/dev', '--proc', '/proc', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

// Below /var/tmp: not the temporary folder (os.tmpdir() is /tmp here), so the home is outside every writable place.
// base/repo is a git repository, base/repo/project the workspace (a subfolder: the enclosing .git is outside it).
let base: string;
let root: string;
let home: string;
let outside: string;
let server: Server;
let port = 0;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt33-jail-');
  root = join(base, 'repo', 'project');
  home = join(base, 'home');
  outside = join(base, 'writable');
  await mkdir(root, { recursive: true });
  await mkdir(outside);
  execFileSync('git', ['init', '-q', join(base, 'repo')]);
  await writeFiles(root, { 'a.txt': 'a\n', 'w.py': 'import sys\nopen(sys.argv[1], "w").write("x\\n")\n' });
  await writeFiles(home, { 'secret.txt': 'home-read\n' });
  server = createServer((_request, response) => response.end('net-ok\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  server.close();
  await rm(base, { recursive: true, force: true });
});

interface Run {
  readonly code: string;
  readonly out: string;
  readonly warnings: string[];
}

async function run(line: string, options: { env?: Record<string, string>; asked?: ApprovalRequest[] } = {}): Promise<Run> {
  const warnings: string[] = [];
  const approver = options.asked ? async (request: ApprovalRequest): Promise<'once'> => (options.asked!.push(request), 'once') : undefined;
  const engine = await createEngine({
    workspace: root,
    env: { HOME: home, PATH: process.env['PATH'] ?? '', ...options.env },
    sandbox: { mode: 'off' as const },
    permissions: { home, yes: approver === undefined, ...(approver ? { approver } : {}) },
    configure: (config) => ({ ...config, sandboxWritable: [outside] }),
    onWarning: (message) => warnings.push(message),
  });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line } });
    warnings.push(...result.warnings);
    const data = (result.ok ? result.data : undefined) as { stdout?: string } | undefined;
    return { code: result.ok ? 'ran' : `${result.error.code} ${result.error.message}`, out: data?.stdout ?? '', warnings };
  } finally {
    await engine.close();
  }
}

describe.skipIf(!bwrapWorks)(`--sandbox off --yes: writes jailed${bwrapWorks ? '' : ' — skipped: bwrap cannot run here'}`, () => {
  it.each([
    ['the home', (): string => join(home, 'x')],
    ['/var/tmp', (): string => join(base, 'x')],
    ["the enclosing repository's .git", (): string => join(base, 'repo', '.git', 'x')],
  ])('a script of the workspace writing %s (named inside it): refused, the file not there, the jail and its fix named', async (_name, target) => {
    await writeFile(join(root, 't.py'), `open('${target()}', 'w').write('x')\n`);
    const { code } = await run('python3 t.py');
    expect(existsSync(target())).toBe(false);
    // The program's own line first, then the jail and the fix.
    expect(code).toMatch(/^C253 exit code 1: .*Read-only file system.*\(--sandbox off runs with its writes jailed to the workspace.*"sandboxWritable"/);
  }, 60_000);

  it.each([
    ['the workspace', (): string => join(root, 'y')],
    ['a sandboxWritable folder', (): string => join(outside, 'y')],
  ])('a script writing %s: written', async (_name, target) => {
    expect((await run(`python3 w.py ${target()}`)).code).toBe('ran');
    expect(readFileSync(target(), 'utf8')).toBe('x\n');
    await rm(target(), { force: true });
  }, 60_000);

  // Round 35 (R35-2, R35-4): the temporary folder and /dev/shm are the run's own, as in the sandbox (the host's shared
  // /tmp held the person's tmux and ssh-agent sockets and other clones): written inside, gone after the run.
  it.each([
    ['the temporary folder', (): string => `/tmp/cw-rt33-jail-${process.pid}`],
    ['/dev/shm', (): string => `/dev/shm/cw-rt33-jail-${process.pid}`],
  ])('a script writing %s: written inside the run, not on the host', async (_name, target) => {
    await writeFile(join(root, 'tmpw.py'), `open('${target()}', 'w').write('x\\n')\nprint(open('${target()}').read().strip())\n`);
    const { code, out } = await run('python3 tmpw.py');
    expect([code, out]).toEqual(['ran', 'x\n']);
    expect(existsSync(target())).toBe(false);
  }, 60_000);

  it('what a jailed run plants that a program obeys later is moved aside after it; an existing one is read-only', async () => {
    await writeFiles(root, { 'AGENTS.md': 'kept\n', 'plant.py': "import os\nos.makedirs('pkg', exist_ok=True)\nopen('pkg/AGENTS.md', 'w').write('evil')\nos.makedirs('.vscode', exist_ok=True)\nopen('.vscode/tasks.json', 'w').write('{}')\n" });
    const { code, warnings } = await run('python3 plant.py');
    expect(code).toBe('ran');
    expect([existsSync(join(root, 'pkg/AGENTS.md')), existsSync(join(root, '.vscode/tasks.json'))]).toEqual([false, false]);
    expect(warnings.join('\n')).toMatch(/pkg\/AGENTS\.md/);
    await writeFiles(root, { 'edit.py': "open('AGENTS.md', 'w').write('evil')\n" });
    const edit = await run('python3 edit.py');
    expect(edit.code).toMatch(/^C253 .*Read-only file system/);
    expect(readFileSync(join(root, 'AGENTS.md'), 'utf8')).toBe('kept\n');
  }, 60_000);

  // Round 37 (R37-a1): a home is shown as the default-deny view shows it (its toolchain folders, sandboxReadable), so
  // a home's other files are hidden; outside homes reads stay unconfined (the documented trade: /var/lib, which the
  // default-deny view does not show). Round 39 (R39-a2): /var/tmp is emptied as a home is, the workspace bound back:
  // the enclosing repository's other file there is gone.
  it('reads outside homes are unconfined, a home shows only what the sandbox shows, and the network is the host\'s', async () => {
    await writeFile(join(base, 'repo', 'shared.txt'), 'var-tmp-read\n');
    const { code, out } = await run(`(test -d /var/lib && echo outside-read) && (cat ${join(base, 'repo', 'shared.txt')} 2>/dev/null || echo var-tmp-hidden) && (cat ${join(home, 'secret.txt')} 2>/dev/null || echo home-hidden) && curl -s http://127.0.0.1:${port}/`);
    expect(code).toBe('ran');
    expect(out).toBe('outside-read\nvar-tmp-hidden\nhome-hidden\nnet-ok\n');
  }, 60_000);

  it('a line the parse asks for today runs jailed instead (no friction), and its outside write is refused (C253 names the jail)', async () => {
    const { code } = await run(`touch ${join(home, 'x')}`);
    expect(code).toMatch(/^C253 .*Read-only file system.*writes jailed to the workspace.*sandboxWritable/);
    expect(existsSync(join(home, 'x'))).toBe(false);
    // `cd "$D" && make`-like: a folder only known at run time, then a program (unconfined.ts asked for it).
    expect((await run('D=.; cd "$D" && python3 w.py y')).code).toBe('ran');
  }, 60_000);

  it('a line a person approved runs jailed too; the question says writes are jailed', async () => {
    const asked: ApprovalRequest[] = [];
    await run(`python3 w.py ${join(home, 'x')}`, { asked });
    expect(asked.length).toBeGreaterThan(0);
    expect(JSON.stringify(asked[0])).toMatch(/writes jailed to the workspace/);
    expect(existsSync(join(home, 'x'))).toBe(false);
  }, 60_000);

  it('bwrap failing at run time: nothing runs (C210 naming the jail), never unjailed', async () => {
    const fake = join(base, 'fake-bwrap');
    await writeFile(fake, `#!/bin/sh\ncase "$*" in *"--die-with-parent true") exit 0;; esac\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n`);
    await chmod(fake, 0o755);
    const { code } = await run(`python3 w.py ${join(root, 'z')}`, { env: { CODEWARD_BWRAP: fake } });
    expect(code).toMatch(/^C210 nothing ran: .*jail \(bubblewrap\) failed to start/);
    expect(existsSync(join(root, 'z'))).toBe(false);
  }, 60_000);
});

describe('no bwrap (CODEWARD_BWRAP=/bin/false): the parse\'s rules for a run nothing contains ask as before', () => {
  it('`touch ~/x` asks (C241) and says writes are not jailed', async () => {
    const { code } = await run(`touch ${join(home, 'x')}`, { env: { CODEWARD_BWRAP: '/bin/false' } });
    expect(code).toMatch(/^C241 .*writes are not jailed/);
    expect(existsSync(join(home, 'x'))).toBe(false);
  }, 60_000);
});

describe('the jail as arguments (bwrap) and as a profile (macOS seatbelt, checked as text)', () => {
  // Issue 26 (round 35): the jail is the sandbox's own policy with the whole root read-only (test/helpers/jail-args.ts).
  it('bwrap: the root read-only, fresh /dev and /proc, a private /tmp, then the writable places bound over it; its own PID and IPC namespaces', async () => {
    const cargo = join(home, '.cargo');
    await mkdir(cargo, { recursive: true });
    const args = jailArgs(root, home, ['~/.cargo']);
    expect(args.slice(0, 5)).toEqual(['--die-with-parent', '--unshare-pid', '--unshare-ipc', '--cap-drop', 'ALL']);
    expect(args.join(' ')).toContain('--ro-bind / / --dev /dev --proc /proc --tmpfs /tmp');
    const binds = args.flatMap((arg, i) => (arg === '--bind' ? [args[i + 1]] : []));
    expect(binds).toEqual(expect.arrayContaining([root, realpathSync(cargo)]));
    expect(binds).not.toContain(home);
    expect(binds).not.toContain('/dev/shm');
    expect(args).not.toContain('--unshare-net');
    expect(args.slice(-3)).toEqual(['--chdir', root, '--']);
  });
  it('seatbelt: allow default, deny file-write*, then allow the same places; the git guards and hidden paths of the same policy', async () => {
    await mkdir(join(home, '.cargo'), { recursive: true });
    const policy = jailPolicy(root, home, ['~/.cargo']);
    const profile = writeJailProfile({ ...policy, viewSecrets: [{ path: join(home, '.ssh'), kind: 'dir' }] }, []);
    expect(profile).toMatch(/^\(version 1\)\n\(allow default\)\n\(deny file-write\*\)\n\(allow file-write\* /);
    expect(profile).toContain(`(subpath "${root}")`);
    expect(profile).toContain(`(subpath "${realpathSync(join(home, '.cargo'))}")`);
    expect(profile).not.toContain(`(subpath "${home}")`);
    // Every git guard, also where nothing exists yet (a missing .git: the workspace is a subfolder of a repository), is denied writes.
    const lines = profile.split('\n');
    expect(lines.find((line) => line.startsWith('(deny file-write* '))).toContain(`(subpath "${root}/.git")`);
    expect(lines.find((line) => line.startsWith('(deny file-read* file-write* '))).toContain(`(subpath "${home}/.ssh")`);
  });
});
