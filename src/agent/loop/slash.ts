import type { Engine } from '../../engine/engine.js';
import type { Envelope } from '../../engine/envelope.js';
import { suggest } from '../../text/suggest.js';

// Commands the person types at the agent's prompt: /help, /undo [N] [--all], /redo [N] [--all], /checkpoints [N]. /undo
// takes back the model's whole last turn in this session (every call of it); --all the newest call of anyone in
// the workspace. They run the engine's
// own undo, redo and checkpoints commands (the checkpoint store outside the workspace), never a copy of them;
// what undo and redo changed is told to the model with the person's next message, so it does not assume its
// edits are still there.

export const SLASH_COMMANDS = ['help', 'undo', 'redo', 'checkpoints'] as const;
const SLASH = /^\/(undo|redo|checkpoints)((?:\s+\S+)*)\s*$/i;
// A line that starts with `/word` is meant as a command (Claude Code, Gemini CLI and Codex read it so too);
// a path (`/tmp/x is broken`) is not, and `//text` sends `/text` to the model.
const COMMAND_LIKE = /^\/([A-Za-z][\w-]*)(?=\s|$)/;
const HELP = [
  'commands (everything else goes to the model):',
  '  /undo [N]      take back the model\'s last turn (or the last N turns) in this session, every file it changed',
  '  /undo --all    the last change of anyone in this workspace (other sessions, MCP clients, the CLI), one call',
  '  /redo [N]      make an undone turn again (/redo --all: an undone change of anyone)',
  '  /checkpoints   list the changes undo can take back (/checkpoints N: change N, every file)',
  '  /help          this list',
  "  exit           end the session (also: quit, an empty line, Ctrl+C)",
  '  //text         send "/text" to the model as a message',
].join('\n');

export interface SlashResult {
  readonly ok: boolean;
  // For the person: the command's own text, or its error.
  readonly output: string;
  // For the model, with the next message (undo and redo that changed files).
  readonly note?: string;
}

// Whether a typed line is meant as a command (`/word ...`; a known one or not). Anything else is a message
// for the model, even `/tmp/x`.
export function isSlashCommand(line: string): boolean {
  return COMMAND_LIKE.test(line.trim());
}

// The message a `//text` line stands for (`/text`), or the line itself.
export function unescapeSlash(line: string): string {
  return line.trimStart().startsWith('//') ? line.trimStart().slice(1) : line;
}

function stepFiles(envelope: Envelope): { id: number; command: string; files: string[] }[] {
  if (!envelope.ok) return [];
  const steps = (envelope.data as { steps?: unknown } | null)?.steps;
  return Array.isArray(steps) ? (steps as { id: number; command: string; files: string[] }[]) : [];
}

// The engine's undo/redo messages name the CLI's flags; at the prompt the person types `/undo N` and `--all`
// (newcomer pass 2: "pass --all-sessions" was refused as an argument of /undo), and --force is the CLI's.
function inSlashWords(message: string, name: string): string {
  return message
    .replace(/\bpass --all-sessions\b/g, `add --all (/${name} --all)`)
    .replace(/\b([Pp])ass --force\b/g, (_whole, p: string) => `${p === 'P' ? 'R' : 'r'}un \`codeward ${name} --force\` in a shell`);
}

// The command's own text, its warnings first.
function shown(engine: Engine, name: string, envelope: Envelope & { ok: true }): string {
  const command = engine.registry.find(name);
  return [...envelope.warnings.map((warning) => `warning: ${warning}`), command ? command.format(envelope.data) : JSON.stringify(envelope.data)].join('\n');
}

async function checkpointsSlash(engine: Engine, words: readonly string[]): Promise<SlashResult> {
  const id = words.length === 1 ? words[0] : words.length === 2 && words[0] === '--id' ? words[1] : words.length === 0 ? '' : undefined;
  if (id === undefined || (id !== '' && !/^[1-9]\d{0,8}$/.test(id))) return { ok: false, output: `/checkpoints lists the changes; /checkpoints N (or --id N) shows change N whole, e.g. /checkpoints 3 (got "${words.join(' ')}")` };
  const envelope = await engine.run({ cmd: 'checkpoints', args: id === '' ? {} : { id: Number(id) } });
  if (!envelope.ok) return { ok: false, output: `${envelope.error.code} ${envelope.error.message}` };
  return { ok: true, output: shown(engine, 'checkpoints', envelope).replace(/\bcheckpoints --id (\d+)/g, '/checkpoints $1') };
}

export async function runSlash(engine: Engine, line: string): Promise<SlashResult> {
  const typed = (COMMAND_LIKE.exec(line.trim())?.[1] ?? '').toLowerCase();
  if (typed === 'help') return { ok: true, output: HELP };
  if (!(SLASH_COMMANDS as readonly string[]).includes(typed)) {
    const [close] = suggest(typed, SLASH_COMMANDS);
    return { ok: false, output: `unknown command /${typed}${close ? ` (did you mean /${close}?)` : ''}; /help lists them, and //${line.trim().slice(1)} sends the line to the model` };
  }
  const match = SLASH.exec(line.trim());
  if (!match) return { ok: false, output: `usage: /undo [N] [--all], /redo [N] [--all], /checkpoints [N] (got "${line.trim()}")` };
  const name = match[1]!.toLowerCase();
  const words = match[2]!.trim().split(/\s+/).filter((word) => word !== '');
  // /checkpoints [--id] N: one change, every file (the list's own note says `checkpoints --id 3`).
  if (name === 'checkpoints') return checkpointsSlash(engine, words);
  const all = words.filter((word) => word === '--all');
  const counts = words.filter((word) => word !== '--all');
  const count = counts[0];
  if (words.length > 0 && (counts.length > 1 || all.length > 1 || (count !== undefined && !/^[1-9]\d{0,3}$/.test(count)))) {
    return { ok: false, output: `/${name} takes a number of turns and --all, e.g. /${name} 2 (got "${words.join(' ')}")` };
  }
  // By default one turn of the model in this session (the transcript's); --all: one call of anyone's.
  const scope = all.length > 0 ? { allSessions: true } : { turn: true };
  const envelope = await engine.run({ cmd: name, args: { ...scope, ...(count === undefined ? {} : { steps: Number(count) }) } });
  if (!envelope.ok) return { ok: false, output: `${envelope.error.code} ${inSlashWords(envelope.error.message, name)}` };
  const output = shown(engine, name, envelope);
  const steps = stepFiles(envelope);
  if (steps.length === 0) return { ok: true, output };
  const files = [...new Set(steps.flatMap((step) => step.files))];
  const what = steps.map((step) => `${step.command} (checkpoint ${step.id})`).join(', ');
  const note = name === 'undo'
    ? `[The person ran /undo: ${what} taken back. ${files.join(', ')} ${files.length === 1 ? 'is' : 'are'} back to the content before those changes, so your edits there are gone; read ${files.length === 1 ? 'it' : 'them'} again before changing ${files.length === 1 ? 'it' : 'them'}.]`
    : `[The person ran /redo: ${what} made again. ${files.join(', ')} ${files.length === 1 ? 'has' : 'have'} that change again; read ${files.length === 1 ? 'it' : 'them'} again before changing ${files.length === 1 ? 'it' : 'them'}.]`;
  return { ok: true, output, note };
}
