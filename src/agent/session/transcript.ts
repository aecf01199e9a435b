import { appendFileSync, constants, mkdirSync, realpathSync } from 'node:fs';
import { readdir, readFile, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { nodeCrypto } from '../../engine/lazy-crypto.js';
import { fail } from '../../engine/errors.js';
import { stateDirFor } from '../../engine/state-dir.js';
import type { AgentEvent } from '../events.js';
import type { ChatMessage } from '../model/client.js';

// Transcripts live in the user's state folder, scoped to the workspace (engine/state-dir.ts, beside its
// checkpoints): <state>/workspaces/<key>/sessions/<id>.jsonl, never in the working tree. One JSON object
// per line — a `meta` line, then every `message` that entered the history and every `event` of the run.
// Older versions wrote <workspace>/.codeward/sessions/: --resume still reads there, never writes.
export const SESSIONS_DIR = 'sessions';
const LEGACY_DIR = join('.codeward', 'sessions');
const ID_PATTERN = /^\d{8}-\d{6}-[0-9a-f]{6}$/;

export function isSessionId(value: string): boolean {
  return ID_PATTERN.test(value) || value === 'last';
}

export function newId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${nodeCrypto().randomBytes(3).toString('hex')}`;
}

// The workspace's sessions folder in the user's state folder (created 0700 on demand).
export function sessionsFolder(root: string): string {
  const folder = join(stateDirFor(realpathSync(root)), SESSIONS_DIR);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}

// The old <workspace>/.codeward/sessions, when it is a real folder inside the workspace (the repository
// controls it: a symlink out is ignored, and its files are opened without following links).
async function legacyFolder(root: string): Promise<string | undefined> {
  const folder = join(root, LEGACY_DIR);
  const [real, realRoot] = await Promise.all([realpath(folder).catch(() => undefined), realpath(root)]);
  return real !== undefined && real === join(realRoot, LEGACY_DIR) && real.startsWith(realRoot + sep) ? folder : undefined;
}

const sessionNames = async (folder: string | undefined): Promise<string[]> =>
  folder === undefined ? [] : (await readdir(folder).catch(() => [] as string[])).filter((name) => ID_PATTERN.test(name.replace(/\.jsonl$/, '')) && name.endsWith('.jsonl')).sort();

export class Transcript {
  private constructor(readonly id: string, readonly path: string) {}

  static create(root: string, meta: Record<string, unknown>, id?: string): Transcript {
    const sessionId = id ?? newId(new Date());
    const transcript = new Transcript(sessionId, join(sessionsFolder(root), `${sessionId}.jsonl`));
    transcript.write({ type: 'meta', id: sessionId, created: new Date().toISOString(), ...meta });
    return transcript;
  }

  message(message: ChatMessage): void {
    this.write({ type: 'message', role: message.role, content: message.content });
  }

  event(event: AgentEvent): void {
    // Streamed deltas are in the turn's text already.
    if (event.type !== 'text') this.write({ type: 'event', event });
  }

  private write(line: Record<string, unknown>): void {
    appendFileSync(this.path, `${JSON.stringify(line)}\n`, { mode: 0o600 });
  }
}

// The conversation of a saved session (`last`: the newest), for --resume.
export async function loadSession(root: string, id: string): Promise<{ id: string; history: ChatMessage[] }> {
  const folder = sessionsFolder(root);
  const legacy = await legacyFolder(root);
  let sessionId = id;
  if (id === 'last') {
    // The newest in the state folder, never the old in-tree folder: a repository can ship one, and its
    // "user" turns would come back as yours. An old session is resumed only by the id you name.
    const found = await sessionNames(folder);
    if (found.length === 0) {
      const old = (await sessionNames(legacy)).at(-1);
      throw fail('C211', `no saved session in ${folder}; start one with codeward agent${old ? ` (an older version's session sits in ${LEGACY_DIR}: resume it by its id, --resume ${old.replace(/\.jsonl$/, '')}, if it is yours)` : ''}`);
    }
    sessionId = found[found.length - 1]!.replace(/\.jsonl$/, '');
  }
  const read = (dir: string | undefined): Promise<string | undefined> =>
    dir === undefined ? Promise.resolve(undefined) : readFile(join(dir, `${sessionId}.jsonl`), { encoding: 'utf8', flag: constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) }).catch(() => undefined);
  const text = (await read(folder)) ?? (await read(legacy));
  if (text === undefined) throw fail('C211', `session ${sessionId} not found in ${folder}`);
  const history: ChatMessage[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let entry: { type?: string; role?: string; content?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // a line cut by a crash
    }
    if (entry.type !== 'message' || typeof entry.content !== 'string' || (entry.role !== 'user' && entry.role !== 'assistant')) continue;
    const last = history[history.length - 1];
    if (last && last.role === entry.role) history[history.length - 1] = { role: last.role, content: `${last.content}\n\n${entry.content}` };
    else history.push({ role: entry.role, content: entry.content });
  }
  return { id: sessionId, history };
}
