import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { spawnSync } from '../sandbox/spawn-sync.js';
import { statQuiet } from '../files/stat-quiet.js';
import { readHeadBeneath } from '../workspace/own-read-sync.js';
import { recordGlobs } from './home-mention-rules.js';
import { MAX_FILE_BYTES, type MentionWalk } from './home-mention-walk.js';

// One ripgrep run (the shipped @vscode/ripgrep binary) over what home-mention-walk.ts found, for the text of
// `pattern` (a regular expression: the workspace's path in its spellings, then a path's characters): each
// match with the file it is in. Hidden files, no ignore files, no ripgrep configuration of the person's
// (RIPGREP_CONFIG_PATH), the records skipped by the same rules as the walk, files past the size cap skipped
// (the walk fails closed for a text one). Binary files (a NUL byte) are skipped: what a program writes in a
// binary format below the home is its record, database or cache (sqlite, LevelDB, a browser's session), not
// a configuration the person wrote a path into (LEFT: dconf's binary settings database). Without the binary
// (a platform without its package) the walk's files are read here instead, with the same rules.

// ripgrep's output at most (64 MB: a home naming the workspace a million times): past it, `over`.
const MAX_OUTPUT = 64 * 1024 * 1024;
const TIMEOUT_MS = 120_000;

export interface Mention {
  readonly file: string;
  readonly text: string;
}

const rgBinary = (): string | undefined => {
  try {
    return createRequire(import.meta.url).resolve(`@vscode/ripgrep-${process.platform}-${process.arch}/bin/${process.platform === 'win32' ? 'rg.exe' : 'rg'}`);
  } catch {
    return undefined;
  }
};

// The matches without ripgrep: each walked file read (up to the cap), binary ones skipped.
function readEach(walk: MentionWalk, pattern: RegExp): Mention[] {
  const out: Mention[] = [];
  for (const file of walk.files) {
    // Read up to the file's size (a buffer of the cap for each small file costs more than the search).
    const size = statQuiet(file)?.size;
    const head = size === undefined ? undefined : readHeadBeneath(dirname(file), file, Math.min(size + 1, MAX_FILE_BYTES));
    if (head === undefined || head.includes(0)) continue;
    for (const match of head.toString('utf8').matchAll(pattern)) out.push({ file, text: match[0] });
  }
  return out;
}

// `more`: home-relative folders skipped besides the records (the workspace, when it lies below a dot-folder).
export function searchMentions(home: string, walk: MentionWalk, pattern: string, more: readonly string[]): { mentions: Mention[]; over?: string } {
  if (walk.paths.length === 0) return { mentions: [] };
  const rg = rgBinary();
  if (rg === undefined) return { mentions: readEach(walk, new RegExp(pattern, 'g')) };
  const args = ['--no-config', '--hidden', '--no-ignore', '--no-messages', '--only-matching', '--no-line-number', '--with-filename', '--null', '--color', 'never',
    '--max-filesize', String(MAX_FILE_BYTES), ...recordGlobs(more), '--regexp', pattern, '--', ...walk.paths];
  const run = spawnSync(rg, args, { cwd: home, encoding: 'buffer', maxBuffer: MAX_OUTPUT, timeout: TIMEOUT_MS, stdio: ['ignore', 'pipe', 'ignore'], env: { PATH: '/usr/bin:/bin' } });
  if (run.error !== undefined && (run.error as NodeJS.ErrnoException).code === 'ENOENT') return { mentions: readEach(walk, new RegExp(pattern, 'g')) };
  // 0: found, 1: none, 2: an error beside (a file this user cannot read: no program of theirs reads it either).
  if (run.error !== undefined || run.signal !== null || (run.status !== 0 && run.status !== 1 && run.status !== 2)) {
    return { mentions: [], over: `searching the home's dot-folders for workspace paths failed (${run.error?.message ?? run.signal ?? `ripgrep exit ${run.status}`})` };
  }
  const mentions: Mention[] = [];
  for (const line of run.stdout.toString('utf8').split('\n')) {
    const cut = line.indexOf('\0');
    if (cut > 0) mentions.push({ file: line.slice(0, cut), text: line.slice(cut + 1) });
  }
  return { mentions };
}
