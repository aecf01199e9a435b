import { appendFileSync, mkdirSync, realpathSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fail } from '../../engine/errors.js';
import type { AgentEvent } from '../events.js';
import type { ChatMessage } from '../model/client.js';

// Transcripts live in <workspace>/.codeward/sessions/<id>.jsonl: one JSON object per line — a `meta`
// line, then every `message` that entered the history and every `event` of the run, in order.
export const SESSIONS_DIR = join('.codeward', 'sessions');
const ID_PATTERN = /^\d{8}-\d{6}-[0-9a-f]{6}$/;

export function isSessionId(value: string): boolean {
  return ID_PATTERN.test(value) || value === 'last';
}

function newId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

// The sessions folder, created on demand; refused when it resolves outside the workspace (a planted symlink).
function sessionsFolder(root: string): string {
  const folder = join(root, SESSIONS_DIR);
  mkdirSync(folder, { recursive: true });
  const real = realpathSync(folder);
  const realRoot = realpathSync(root);
  if (real !== join(realRoot, SESSIONS_DIR) && !real.startsWith(realRoot + sep)) {
    throw fail('C215', `${SESSIONS_DIR} resolves outside the workspace (${real}); no transcript is written there`);
  }
  return folder;
}

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
  const folder = join(root, SESSIONS_DIR);
  let sessionId = id;
  if (id === 'last') {
    const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => ID_PATTERN.test(name.replace(/\.jsonl$/, ''))).sort();
    if (names.length === 0) throw fail('C211', `no saved session in ${folder}; start one with codeward agent`);
    sessionId = names[names.length - 1]!.replace(/\.jsonl$/, '');
  }
  let text: string;
  try {
    text = await readFile(join(folder, `${sessionId}.jsonl`), 'utf8');
  } catch {
    throw fail('C211', `session ${sessionId} not found in ${folder}`);
  }
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
