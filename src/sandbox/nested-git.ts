import { spawnSync } from 'node:child_process';
import { lstatSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { findOnPath } from '../shell/run.js';
import { moveAside } from './planted.js';

// A repository nested in the workspace and recorded in the index as a gitlink (mode 160000) is entered
// by a plain `git status` outside the sandbox, with ITS config: a sandboxed process could create
// `sub/.git` with core.fsmonitor and add the gitlink (both are writable: the workspace and the index).
// After every run, every gitlink's git folder whose config names a program is moved aside (the index is
// read directly, without starting git). A nested repository without a gitlink, which the user enters
// with `cd sub` (or a shell prompt runs git in), is not covered: see README, sandbox.

// Keys that make git run a program (or read more config) while it only looks at the repository.
const PROGRAM_KEYS = /^\s*(?:fsmonitor|hookspath|sshcommand|pager|editor|askpass|textconv|command|external|helper|process|clean|smudge|program|cmd|gitproxy|uploadpack|receivepack)\s*=|^\s*\[\s*(?:include|includeif|filter|diff|merge|credential)\b/im;

// The git folder a checkout's `.git` names (itself when a folder, the `gitdir:` target when a file).
function gitDirOf(dotGit: string): string | undefined {
  try {
    if (lstatSync(dotGit).isDirectory()) return dotGit;
    const match = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
    return match ? resolve(dirname(dotGit), match[1]!) : undefined;
  } catch {
    return undefined;
  }
}

function obeysProgram(gitDir: string): boolean {
  for (const name of ['config', 'config.worktree']) {
    try {
      if (PROGRAM_KEYS.test(readFileSync(join(gitDir, name), 'utf8'))) return true;
    } catch {
      // Missing: nothing to obey.
    }
  }
  try {
    const common = readFileSync(join(gitDir, 'commondir'), 'utf8').trim();
    return common !== '.' && common !== '' && resolve(gitDir, common) !== gitDir && obeysProgram(resolve(gitDir, common));
  } catch {
    return false;
  }
}

const GITLINK = 0o160000;

// The gitlink paths of an index file (versions 2 to 4), read directly: no process to start. undefined
// when the file is in a form this does not read (a split index): then git lists them.
export function indexGitlinks(index: Buffer): string[] | undefined {
  if (index.length < 12 || index.toString('latin1', 0, 4) !== 'DIRC') return undefined;
  const version = index.readUInt32BE(4);
  const count = index.readUInt32BE(8);
  if (version < 2 || version > 4) return undefined;
  const links: string[] = [];
  let offset = 12;
  let previous = '';
  for (let entry = 0; entry < count; entry += 1) {
    if (offset + 62 > index.length) return undefined;
    const mode = index.readUInt32BE(offset + 24);
    const flags = index.readUInt16BE(offset + 60);
    let cursor = offset + 62 + (version >= 3 && (flags & 0x4000) !== 0 ? 2 : 0);
    let name: string;
    if (version === 4) {
      // The name: how many bytes to drop from the previous name (a varint), then a NUL-terminated suffix.
      let strip = index[cursor]! & 0x7f;
      while (index[cursor]! & 0x80) {
        cursor += 1;
        strip = ((strip + 1) << 7) | (index[cursor]! & 0x7f);
      }
      cursor += 1;
      const end = index.indexOf(0, cursor);
      if (end < 0) return undefined;
      name = previous.slice(0, previous.length - strip) + index.toString('utf8', cursor, end);
      offset = end + 1;
    } else {
      const end = index.indexOf(0, cursor);
      if (end < 0) return undefined;
      name = index.toString('utf8', cursor, end);
      // Entries are padded with 1 to 8 NULs to a multiple of 8 bytes.
      offset += Math.floor((end - offset + 8) / 8) * 8;
    }
    previous = name;
    if ((mode & 0o170000) === GITLINK) links.push(name);
  }
  // A split index keeps entries in a shared file too: let git read it.
  return index.indexOf('link', offset, 'latin1') === offset ? undefined : links;
}

function gitlinks(root: string, env: Readonly<Record<string, string | undefined>>): string[] {
  try {
    const direct = indexGitlinks(readFileSync(join(root, '.git', 'index')));
    if (direct) return direct;
  } catch {
    return [];
  }
  const git = findOnPath('git', env);
  if (!git) return [];
  // Only the index is read; no config key of the (guarded) repository can make ls-files run anything.
  const result = spawnSync(git, ['-c', 'core.fsmonitor=false', 'ls-files', '--stage', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...env, GIT_OPTIONAL_LOCKS: '0' } });
  if (result.status !== 0) return [];
  return result.stdout.split('\0').filter((entry) => entry.startsWith('160000 ')).map((entry) => entry.slice(entry.indexOf('\t') + 1));
}

// Moves aside the `.git` of every gitlink whose git folder names a program; one warning each.
export function neutraliseNestedGit(root: string, env: Readonly<Record<string, string | undefined>>): string[] {
  const warnings: string[] = [];
  for (const path of gitlinks(root, env)) {
    const dotGit = join(root, path, '.git');
    const gitDir = gitDirOf(dotGit);
    if (!gitDir || !obeysProgram(gitDir)) continue;
    try {
      const aside = moveAside(dotGit);
      const where = aside ? `moved to ${aside.slice(root.length + 1)}` : 'removed (it could not be moved)';
      warnings.push(`the index names ${path} as a submodule whose git config runs a program (core.fsmonitor, hooksPath, a filter…), which a plain git status would start; ${path}/.git was ${where} (review it; move it back yourself if it is yours)`);
    } catch (error) {
      warnings.push(`the index names ${path} as a submodule whose git config runs a program, and ${path}/.git could not be moved aside (${(error as Error).message}): do not run git in this workspace before removing it`);
    }
  }
  return warnings;
}
