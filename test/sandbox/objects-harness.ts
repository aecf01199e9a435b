// The harness of the unreachable-objects tests (unreachable-objects.test.ts, unreachable-objects-view.test.ts; rev32
// folded their copies): a project in a temporary home, a folder outside it for scripts and codeward's state, real git
// and the real CLI through `codeward --yes exec`. Each test gets a fresh repository with one commit of `files`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { CLI, REPO_ROOT, removeDir, writeFiles } from '../helpers/fixture.js';

export const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const base = existsSync('/var/tmp') ? '/var/tmp' : join(REPO_ROOT, 'test');
// Prints every loose object that inflates to something holding the marker (a script needs no git).
const ZLIB = 'import zlib,glob\nn=0\nfor f in glob.glob(".git/objects/??/*"):\n    d = open(f, "rb").read()\n    if d: n += 1; d = zlib.decompress(d)\n    if b"UNREACHED" in d: print(d)\nprint("inflated", n)\n';

export interface Ran {
  readonly out: string;
  readonly ok: boolean;
}

export interface ObjectsHarness {
  // The temporary home, the project in it, and the folder outside it (scripts, z.py, codeward's state).
  readonly home: string;
  readonly root: string;
  readonly scripts: string;
  env(): Record<string, string>;
  git(...args: string[]): string;
  // `line` through `codeward --yes exec`: everything it printed (and the error's message, the warnings).
  run(line: string): Promise<Ran>;
  // A bash script kept outside the workspace (the classifier never sees what it does: only the sandbox stands).
  script(lines: readonly string[]): Promise<Ran>;
}

// Registers the fresh repository of each test (`prefix` names the temporary folders).
export function useObjectsHarness(prefix: string, files: Record<string, string>): ObjectsHarness {
  const at = { home: '', root: '', scripts: '' };
  const env = (): Record<string, string> => {
    const kept = Object.entries(process.env).filter(([key, value]) => value !== undefined && !key.startsWith('CODEWARD_') && !key.startsWith('GIT_'));
    return { ...(Object.fromEntries(kept) as Record<string, string>), HOME: at.home, CODEWARD_STATE_DIR: join(at.scripts, 'state'), GIT_CONFIG_NOSYSTEM: '1', PATH: `${at.scripts}:${process.env['PATH'] ?? ''}` };
  };
  const git = (...args: string[]): string => {
    const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: at.root, encoding: 'utf8', env: env() });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout.trim();
  };
  const run = async (line: string): Promise<Ran> => {
    const stdout = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, '--yes', '--json', '-C', at.root, 'exec', '--cmd', line], { cwd: at.root, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      child.on('error', reject);
      child.on('close', () => resolve(out));
    });
    const parsed = JSON.parse(stdout) as { ok: boolean; warnings?: string[]; data?: { stdout: string; stderr: string }; error?: { message: string; data?: { stdout: string; stderr: string } } };
    const data = parsed.data ?? parsed.error?.data;
    return { out: `${data?.stdout ?? ''}${data?.stderr ?? ''}${parsed.error?.message ?? ''}${(parsed.warnings ?? []).join('\n')}`, ok: parsed.ok };
  };
  const script = async (lines: readonly string[]): Promise<Ran> => {
    const file = join(at.scripts, `script-${Math.random().toString(36).slice(2)}.sh`);
    await writeFile(file, ['set -e', ...lines].join('\n'));
    return run(`bash ${file}`);
  };
  beforeEach(async () => {
    at.home = await realpath(await mkdtemp(join(base, `${prefix}-home-`)));
    at.scripts = await realpath(await mkdtemp(join(base, `${prefix}-out-`)));
    at.root = join(at.home, 'project');
    await mkdir(at.root);
    await writeFiles(at.root, files);
    await writeFile(join(at.scripts, 'z.py'), ZLIB);
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'one');
  });
  afterEach(async () => {
    await removeDir(at.home);
    await removeDir(at.scripts);
  });
  return {
    get home() { return at.home; },
    get root() { return at.root; },
    get scripts() { return at.scripts; },
    env, git, run, script,
  };
}
