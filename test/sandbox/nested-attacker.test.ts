import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { access, mkdir, mkdtemp, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { binaryEnv, CLI, removeDir, REPO_ROOT, writeFiles } from '../helpers/fixture.js';
import { WRITE_MODES, type WriteMode } from '../helpers/write-modes.js';

// THREAT-MODEL invariant 2, issue 15 (red team): a sandboxed command (real bwrap, the real binary)
// plants a git folder that a plain `git status` / `git commit` / `git submodule update` OUTSIDE the
// sandbox enters: a submodule's git folder under .git/modules (config spelled the ways git accepts),
// a submodule of a submodule, executable hooks, includes. The planted program would create MARKER.
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const gitWorks = spawnSync('git', ['--version']).status === 0;
const why = !bwrapWorks ? 'bwrap (bubblewrap) is not installed or cannot run here' : 'git is not installed';

// /tmp is a fresh tmpfs inside the sandbox: home, workspace and marker live in /var/tmp.
const base = existsSync('/var/tmp') ? '/var/tmp' : join(REPO_ROOT, 'test');
let home: string;
let root: string;
let markers: string;
let marker: string;
let writeMode: WriteMode = WRITE_MODES[0]!;

const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);

function env(): Record<string, string> {
  const kept = Object.entries(process.env).filter(([key, value]) => value !== undefined && !key.startsWith('CODEWARD_') && !key.startsWith('GIT_') && key !== 'npm_config_cache' && key !== 'XDG_CACHE_HOME');
  // Both the in-place guard (moved aside after the run: a platform without overlay) and staging (the default:
  // such files are set aside unapplied) are attacked (WRITE_MODES).
  return { ...(Object.fromEntries(kept) as Record<string, string>), HOME: home, CODEWARD_STATE_DIR: join(markers, 'state'), ...writeMode.env, GIT_CONFIG_NOSYSTEM: '1', PATH: `${markers}:${process.env['PATH'] ?? ''}` };
}

interface Envelope {
  ok: boolean;
  data?: { stdout: string; stderr: string };
  error?: { message: string; data?: { stdout: string; stderr: string } };
  warnings?: string[];
}

async function exec(script: string): Promise<Envelope> {
  const file = join(markers, `script-${Math.random().toString(36).slice(2)}.sh`);
  await writeFile(file, `W=${markers}\n${script}`);
  return execLine(`bash ${file}`);
}

// One command line as exec's --cmd: a line that runs git alone writes git's folder (R12-21).
function execLine(line: string): Promise<Envelope> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, '--yes', '--json', '-C', root, 'exec', '--cmd', line], { cwd: root, env: binaryEnv([line], env()), stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', () => resolve(JSON.parse(stdout) as Envelope));
  });
}

function git(args: string[], cwd = root): { status: number | null; out: string } {
  const result = spawnSync('git', ['-c', 'protocol.file.allow=always', ...args], { cwd, env: env(), encoding: 'utf8' });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

function ok(args: string[], cwd = root): string {
  const result = git(args, cwd);
  expect(result.status, result.out).toBe(0);
  return result.out;
}

// A real submodule `lib` (its git folder in .git/modules/lib), committed.
async function withSubmodule(): Promise<void> {
  const upstream = join(markers, 'upstream');
  await mkdir(upstream);
  ok(['init', '-q'], upstream);
  await writeFiles(upstream, { 'a.txt': 'a\n' });
  ok(['add', 'a.txt'], upstream);
  ok(['commit', '-qm', 'up'], upstream);
  ok(['submodule', 'add', '-q', upstream, 'lib']);
  ok(['commit', '-qm', 'lib']);
}

// Whatever a user does next outside the sandbox: none of it may run the planted program.
async function userRunsGit(): Promise<void> {
  git(['status']);
  git(['status', '--ignore-submodules=none']);
  await writeFiles(root, { 'after.txt': 'x\n' });
  git(['add', 'after.txt']);
  git(['commit', '-qm', 'after']);
  git(['submodule', 'update', '--recursive']);
  git(['diff', 'HEAD~1']);
  expect(await exists(marker)).toBe(false);
}

beforeEach(async () => {
  home = await realpath(await mkdtemp(join(base, 'codeward-nest-home-')));
  markers = await realpath(await mkdtemp(join(base, 'codeward-nest-out-')));
  root = join(home, 'project');
  marker = join(markers, 'PWNED');
  await mkdir(root);
  await writeFiles(home, { '.gitconfig': '[user]\n\tname = Tester\n\temail = t@example.com\n[init]\n\tdefaultBranch = main\n' });
  await writeFiles(markers, { 'ev.sh': `#!/bin/sh\ntouch ${marker}\n` });
  spawnSync('chmod', ['+x', join(markers, 'ev.sh')]);
  ok(['init', '-q']);
  await writeFiles(root, { 'README.md': 'hi\n' });
  ok(['add', '-A']);
  ok(['commit', '-qm', 'first']);
});

afterEach(async () => {
  await removeDir(home);
  await removeDir(markers);
});

// Config spellings git accepts that run ev.sh (or read a planted include that does).
const SPELLINGS: Record<string, string> = {
  sameLine: '[core] fsmonitor = $W/ev.sh\n',
  noSpace: '[core]fsmonitor=$W/ev.sh\n',
  tabs: '[core]\n\t\tfsmonitor\t=\t$W/ev.sh\n',
  upper: '[CORE]\n\tFSMONITOR = $W/ev.sh\n',
  camel: '[Core]\n\tfsMonitor = \\"$W/ev.sh\\"\n',
  dotted: '[a.b] x = 1\n[core] hooksPath = $W/hooks\n',
  continued: '[core]\n\tfsmon = 1\n[core] sshCommand = \\\\\n$W/ev.sh\n',
  twoHeaders: '[user] [core] fsmonitor = $W/ev.sh\n',
  include: '[include] path = $W/inc.cfg\n',
  includeIf: '[includeIf \\"gitdir:/\\"] path = $W/inc.cfg\n',
};

describe.skipIf(!bwrapWorks || !gitWorks).each(WRITE_MODES)(`a sandboxed command ($mode) plants a nested git folder${bwrapWorks && gitWorks ? '' : ` — skipped: ${why}`}`, (mode) => {
  beforeEach(() => {
    writeMode = mode;
  });

  it('issue 15 repro: cannot create .git/modules/m with a same-line [core] fsmonitor and a gitlink', async () => {
    const sha = ok(['rev-parse', 'HEAD']).trim();
    const run = await exec([
      'mkdir -p .git/modules/m m',
      '(cd m && git init -q --separate-git-dir=../.git/modules/m)',
      "printf '[core] fsmonitor = %s/ev.sh\\n' \"$W\" >> .git/modules/m/config",
      `git update-index --add --cacheinfo 160000,${sha},m`,
      'true',
    ].join('\n'));
    expect(run.ok).toBe(true);
    await userRunsGit();
    // .git/modules did not exist: it is an empty read-only folder during the run, removed after it.
    expect(await exists(join(root, '.git', 'modules'))).toBe(false);
  });

  it('cannot add a module git folder next to a real submodule, in any config spelling, nor hooks', async () => {
    await withSubmodule();
    const sha = ok(['rev-parse', 'HEAD']).trim();
    const lines = [`printf '[core]\\n\\tfsmonitor = %s/ev.sh\\n' "$W" > "$W/inc.cfg"`, `mkdir -p "$W/hooks"; cp "$W/ev.sh" "$W/hooks/pre-commit"`];
    for (const [name, config] of Object.entries(SPELLINGS)) {
      lines.push(
        `mkdir -p .git/modules/${name} ${name} && (cd ${name} && git init -q --separate-git-dir=../.git/modules/${name}) >/dev/null 2>&1`,
        `printf '%s' "${config}" >> .git/modules/${name}/config`,
        `git update-index --add --cacheinfo 160000,${sha},${name}`,
      );
    }
    // A hook in a new module folder: git submodule update runs post-checkout there.
    lines.push('mkdir -p .git/modules/hooked/hooks && cp "$W/ev.sh" .git/modules/hooked/hooks/post-checkout && echo ref: refs/heads/main > .git/modules/hooked/HEAD', 'true');
    const run = await exec(lines.join('\n'));
    await userRunsGit();
    // A script runs more than git: git's folder was read-only to it (R12-21), so no module folder exists.
    expect((run.warnings ?? []).join('\n')).toContain("git's folder is read-only for this command");
    for (const name of [...Object.keys(SPELLINGS), 'hooked']) expect(await exists(join(root, '.git', 'modules', name)), name).toBe(false);
  });

  it('cannot plant a submodule of a submodule (recorded only in the submodule\'s own index)', async () => {
    await withSubmodule();
    const run = await exec([
      'cd lib && mkdir n && git -C n init -q && git -C n commit -q --allow-empty -m n',
      `printf '[core] fsmonitor = %s/ev.sh\\n' "$W" >> n/.git/config`,
      'git update-index --add --cacheinfo 160000,$(git -C n rev-parse HEAD),n',
      'true',
    ].join('\n'));
    await userRunsGit();
    // In place the planted folder is moved aside after the run; staged it is never applied.
    const said = writeMode.env['CODEWARD_NO_OVERLAY'] ? /lib\/n\/\.git(?: was|\/config \(core\.fsmonitor.*it was) moved to lib\/n\/\.git(?:\/config)?\.planted-by-sandbox-/ : /were not applied \(lib\/n\/\.git, /;
    expect((run.warnings ?? []).join('\n')).toMatch(said);
  });

  it('cannot plant a linked worktree folder with a planted commondir', async () => {
    const run = await exec([
      `mkdir -p "$W/c/hooks" && printf '[core]\\n\\tfsmonitor = %s/ev.sh\\n' "$W" > "$W/c/config"`,
      'mkdir -p .git/worktrees/w 2>/dev/null && echo "$W/c" > .git/worktrees/w/commondir',
      'true',
    ].join('\n'));
    expect(run.ok).toBe(true);
    await userRunsGit();
    expect(await exists(join(root, '.git', 'worktrees'))).toBe(false);
  });

  it('leaves a clean real submodule alone: git add and git commit inside the sandbox still work, in both repositories', async () => {
    await withSubmodule();
    const files = await exec('echo b > lib/b.txt && echo n > new.txt');
    expect(files.ok, JSON.stringify(files)).toBe(true);
    const run = await execLine('git -C lib add b.txt && git -C lib commit -qm inner && git add lib new.txt && git commit -qm outer && git log --oneline -1');
    expect(run.ok, JSON.stringify(run)).toBe(true);
    expect(run.data?.stdout).toContain('outer');
    expect(run.warnings ?? []).toEqual([]);
    expect(ok(['status', '--porcelain'])).toBe('');
    expect(ok(['log', '--oneline', '-1'], join(root, 'lib'))).toContain('inner');
  });
});
