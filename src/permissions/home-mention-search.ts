import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { spawnSync } from '../sandbox/spawn-sync.js';
import { readHeadBeneath } from '../workspace/own-read-sync.js';
import type { MentionFile, MentionWalk } from './home-mention-walk.js';
import { isTextFile, isUtf16, MAX_FILE_BYTES, textOf } from './home-mention-text.js';

// The mentions of the workspace's path in the files home-mention-walk.ts found (`pattern`: a regular expression,
// the workspace's path in its spellings, then a path's characters; home-mentions.ts): each match with the file it
// is in. Two readers give the same answers (test/permissions/home-mention-readers.test.ts), both over exactly the
// walk's files (the walk alone decides what is searched: records skipped, size cap, links followed), both with
// home-mention-text.ts's text and binary rule:
// - in process, for a small walk (IN_PROCESS: a process spawned costs more than reading a few thousand small files), or
//   without the binary (a platform without its package);
// - else the shipped @vscode/ripgrep binary, given the walk's files by name (no walk, no glob of its own), with
//   --text (no binary rule of its own: the files it matched in are judged here) and its own encoding sniffing.

// The walks read in process; larger ones go to ripgrep. Measured (bench/home-scans.mjs search, 2-core machine): in
// process costs less CPU than a ripgrep run (~10 ms spawned before any file) up to ~4,000 small files or 16 MiB
// (2,048 files of 1 KiB: 18-22 ms against 30-60 ms); its wall time is lower still (no process waited for). Past
// these, ripgrep's threads win on wall time.
export const IN_PROCESS = { files: 2048, bytes: 8 * 1024 * 1024 } as const;
// ripgrep's output at most (64 MB: a home naming the workspace a million times): past it, `over`.
const MAX_OUTPUT = 64 * 1024 * 1024;
const TIMEOUT_MS = 120_000;
// Argument bytes per ripgrep run (the kernel takes ~2 MB of arguments and environment): more files, more runs.
const MAX_ARG_BYTES = 1024 * 1024;

export interface Mention {
  // As the walk names it: home-relative, or absolute below a link's target.
  readonly file: string;
  readonly text: string;
  // Found through a variable the file sets (home-mention-bindings.ts): `text` is the path it stands for.
  readonly bound?: true;
  // No mention: the file holds the binding trigger (home-mention-bindings.ts bindTrigger; `text` empty), once a file.
  readonly trigger?: true;
}

export const rgBinary = (): string | undefined => {
  try {
    return createRequire(import.meta.url).resolve(`@vscode/ripgrep-${process.platform}-${process.arch}/bin/${process.platform === 'win32' ? 'rg.exe' : 'rg'}`);
  } catch {
    return undefined;
  }
};

// The bytes of a walked file (its size as walked, plus one: a file grown since is read up to the cap).
const bytesOf = (file: MentionFile): Buffer | undefined => readHeadBeneath(dirname(file.path), file.path, Math.min(file.size + 1, MAX_FILE_BYTES));

// A walked file's text when it holds one of `needles` (bytes; a UTF-16 file is always decoded), else undefined.
const textWith = (file: MentionFile, needles: readonly Buffer[]): string | undefined => {
  const head = bytesOf(file);
  if (head === undefined || (!isUtf16(head) && !needles.some((needle) => head.includes(needle)))) return undefined;
  return textOf(head);
};

// The matches read in process. `needles`: the spellings, one of which every match holds (a file without any is
// not decoded: a byte search; a UTF-16 file is always decoded). `trigger`: a file holding it is marked (once).
export function readEach(files: readonly MentionFile[], pattern: string, needles: readonly string[], trigger?: string): Mention[] {
  const regex = new RegExp(pattern, 'g');
  const marks = trigger === undefined ? undefined : new RegExp(trigger);
  const bytes = needles.map((needle) => Buffer.from(needle));
  const out: Mention[] = [];
  for (const file of files) {
    const text = textWith(file, bytes);
    if (text === undefined) continue;
    for (const match of text.matchAll(regex)) out.push({ file: file.name, text: match.groups?.['l'] ?? '' });
    if (marks?.test(text) === true) out.push({ file: file.name, text: '', trigger: true });
  }
  return out;
}

// The files holding `trigger` marked in process (readEach's marks), a binary file judged by its head and not read
// whole; undefined past IN_PROCESS.bytes of text (then ripgrep marks them: rgEach).
function markEach(files: readonly MentionFile[], needles: readonly string[], trigger: string): Mention[] | undefined {
  const marks = new RegExp(trigger);
  const bytes = needles.map((needle) => Buffer.from(needle));
  const out: Mention[] = [];
  let read = 0;
  for (const file of files) {
    if (isTextFile(file.path) !== true) continue;
    read += file.size;
    if (read > IN_PROCESS.bytes) return undefined;
    const text = textWith(file, bytes);
    if (text !== undefined && marks.test(text)) out.push({ file: file.name, text: '', trigger: true });
  }
  return out;
}

// ripgrep's `--null` lines (`path NUL match NEWLINE`; a match holds no newline, a path no NUL: a name with a
// newline is read whole) into `out`, by the walk's names.
function parseLines(output: string, names: ReadonlyMap<string, string>, out: Mention[]): void {
  for (let at = 0; at < output.length; ) {
    const cut = output.indexOf('\0', at);
    if (cut < 0) return;
    const end = output.indexOf('\n', cut);
    const path = output.slice(at, cut);
    // Each match printed as its `l` group and a quote (home-mentions.ts mentionPattern).
    out.push({ file: names.get(path) ?? path, text: output.slice(cut + 1, end < 0 ? output.length : end).replace(/"$/, '') });
    at = end < 0 ? output.length : end + 1;
  }
}

// The files in runs whose arguments fit (MAX_ARG_BYTES).
function runsOf(files: readonly MentionFile[]): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  let bytes = 0;
  for (const file of files) {
    const cost = Buffer.byteLength(file.path) + 9;
    if (run.length > 0 && bytes + cost > MAX_ARG_BYTES) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(file.path);
    bytes += cost;
  }
  return run.length > 0 ? [...runs, run] : runs;
}

// One ripgrep run's output over `run` (the walk's files), or why not (`over`), or `missing`.
function rgRun(rg: string, args: readonly string[], run: readonly string[], maxBuffer: number): { stdout: Buffer } | { over: string } | { missing: true } {
  const done = spawnSync(rg, [...args, ...run], { cwd: '/', encoding: 'buffer', maxBuffer, timeout: TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: '/usr/bin:/bin' } });
  if (done.error !== undefined && (done.error as NodeJS.ErrnoException).code === 'ENOENT') return { missing: true };
  // 0: found, 1: none, 2: an error beside (a file this user cannot read: no program of theirs reads it either;
  // --no-messages keeps those quiet). Anything ripgrep still prints (a pattern it cannot parse exits 2 with no
  // match at all: spell29) fails closed.
  const said = done.stderr?.toString('utf8').trim() ?? '';
  if (done.error !== undefined || done.signal !== null || (done.status !== 0 && done.status !== 1 && done.status !== 2) || said !== '') {
    return { over: `searching the home's dot-folders for workspace paths failed (${done.error?.message ?? done.signal ?? (said.split('\n')[0] || `ripgrep exit ${done.status}`)})` };
  }
  return { stdout: done.stdout };
}

// The matches by ripgrep (`rg`: its binary), or why not all were looked for (`over`: the caller fails closed);
// `missing`: no binary there after all. `trigger`: the files holding it, marked (readEach's), by a second run that
// stops at a file's first match (--files-with-matches): a pattern of literals, so ripgrep skips to them (spell29:
// the same alternatives in the first run made it 2-3x slower over a 20 MB binary, ~/.cargo/bin/rustup).
export function rgEach(rg: string, files: readonly MentionFile[], pattern: string, trigger?: string): { mentions: Mention[]; over?: string; missing?: true } {
  // --multiline: a `\` + newline may continue a path (home-mention-words.ts); --replace: the match as its `l` group.
  const common = ['--no-config', '--no-ignore', '--hidden', '--text', '--multiline', '--no-messages', '--null', '--color', 'never'];
  const args = [...common, '--only-matching', '--no-line-number', '--with-filename', '--replace', '${l}"', '--regexp', pattern, '--'];
  const names = new Map(files.map((file) => [file.path, file.name]));
  const found: Mention[] = [];
  let output = 0;
  for (const run of runsOf(files)) {
    const done = rgRun(rg, args, run, MAX_OUTPUT - output);
    if (!('stdout' in done)) return { mentions: [], ...done };
    output += done.stdout.length;
    parseLines(done.stdout.toString('utf8'), names, found);
    if (trigger === undefined) continue;
    const marked = rgRun(rg, [...common, '--files-with-matches', '--regexp', trigger, '--'], run, MAX_OUTPUT);
    if (!('stdout' in marked)) return { mentions: [], ...marked };
    for (const path of marked.stdout.toString('utf8').split('\0')) if (path !== '') found.push({ file: names.get(path) ?? path, text: '', trigger: true });
  }
  // ripgrep searched binary files too (--text): the in-process reader's rule drops them (each file matched judged
  // once, by its head: home-mention-text.ts isTextFile).
  const byName = new Map(files.map((file) => [file.name, file]));
  const text = new Map<string, boolean>();
  for (const { file } of found) if (!text.has(file)) text.set(file, byName.has(file) && isTextFile(byName.get(file)!.path) === true);
  return { mentions: found.filter((mention) => text.get(mention.file) === true) };
}

// The mentions of the walk's files: in process for a small walk (or without the binary), else by ripgrep.
// `trigger`: the files holding it marked (home-mention-bindings.ts): by ripgrep's second run only when the walk's
// text is large (markEach: a spawn costs more than a few thousand files' heads, and a big binary is not read whole).
export function searchMentions(walk: MentionWalk, pattern: string, needles: readonly string[], trigger?: string): { mentions: Mention[]; over?: string } {
  if (walk.files.length === 0) return { mentions: [] };
  const rg = rgBinary();
  const small = walk.files.length <= IN_PROCESS.files && walk.files.reduce((sum, file) => sum + file.size, 0) <= IN_PROCESS.bytes;
  if (rg === undefined || small) return { mentions: readEach(walk.files, pattern, needles, trigger) };
  const marked = trigger === undefined || walk.files.length > IN_PROCESS.files ? undefined : markEach(walk.files, needles, trigger);
  const found = rgEach(rg, walk.files, pattern, marked === undefined ? trigger : undefined);
  if (found.missing === true) return { mentions: readEach(walk.files, pattern, needles, trigger) };
  return marked === undefined || found.over !== undefined ? found : { mentions: [...found.mentions, ...marked] };
}
