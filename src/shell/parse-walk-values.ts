// Plain helpers of the walker: the scope it carries, words it makes up, values it computes.
import type { Assigned } from './option-variables.js';
import type { PipeStage, ShellWord, SimpleCommand } from './parse-types.js';
import { staticStdout } from './parse-stdin.js';
import type { RawWord } from './parse-words.js';

export const UNKNOWN = '\u0000';
export { MAX_CANDIDATES } from './parse-limits.js';

export interface Scope {
  readonly source: string;
  readonly depth: number;
  readonly viaShell: boolean;
  readonly wrappers: readonly string[];
  readonly positional?: readonly string[];
  readonly functionName?: string;
  readonly loop: boolean;
  readonly pipes: readonly PipeStage[];
  readonly background: boolean;
  // Inside `$(...)`, backticks or `<(...)` / `>(...)`.
  readonly substituted?: boolean;
  // Inside a line an unknown program's words may start (a guess: parse-walk-simple.ts).
  readonly guessed?: boolean;
  // Variables set on a command this one runs under (`MAKEFLAGS=... sh -c 'make'`): its environment (R20-1).
  readonly env?: readonly Assigned[];
  // A statement of the script's top level (a direct child of the program node): a `set +k` there is exact in order
  // (parse-walk-keyword.ts).
  readonly straight?: boolean;
}

// The text a shell receives when this word is handed to it as code: quotes removed, expansions kept.
export function scriptText(raw: RawWord): string {
  return raw.parts.map((part) => (part.kind === 'literal' ? part.value : part.kind === 'tilde' ? `~${part.user}` : part.text)).join('');
}

export function unescapeHeredoc(text: string): string {
  return text.replace(/\\([$`\\\n])/g, (_, ch: string) => (ch === '\n' ? '' : ch));
}

// Adjacent unknown parts are one unknown stretch.
export function collapseUnknown(value: string): string {
  let out = value;
  while (out.includes(UNKNOWN + UNKNOWN)) out = out.replaceAll(UNKNOWN + UNKNOWN, UNKNOWN);
  return out;
}

// What a command reads on stdin when that is literal text: one here-document with a quoted delimiter (or
// nothing to expand) or a static here-string, and no pipe. `$(cat <<'EOF' … EOF)`, the usual commit
// message, is then a known word (F1); a body with `$(…)` or a backquote under an unquoted delimiter is not.
function literalStdin(command: SimpleCommand): string | undefined {
  if (command.pipes.length > 0) return undefined;
  const inputs = command.redirections.filter((each) => each.op.startsWith('<') && !each.writes);
  const [only] = inputs;
  if (inputs.length !== 1 || only!.body === undefined || only!.expands) return undefined;
  if (only!.op === '<<<') return only!.target === null ? undefined : only!.body;
  return only!.op === '<<' || only!.op === '<<-' ? only!.body : undefined;
}

// What `$(echo /)`, `$(printf rm)`, `$(pwd)` or `$(cat <<'EOF' … EOF)` stand for, when that is static.
export function substitutionValues(commands: readonly SimpleCommand[]): string[] {
  const only = commands.length === 1 ? commands[0]! : undefined;
  if (!only || only.dynamic) return [UNKNOWN];
  if (only.name === 'pwd' && only.wrappers.length === 0) return ['.'];
  const out = staticStdout(only.name, only.args, literalStdin(only));
  return out === undefined ? [UNKNOWN] : [out.replace(/\n+$/, '')];
}

export function childScope(scope: Scope): Omit<Scope, 'source'> {
  const { source: _source, positional: _positional, ...rest } = scope;
  return { ...rest, depth: scope.depth + 1, viaShell: true };
}

export function staticWord(value: string): ShellWord {
  return { text: value, value, dynamic: false, glob: false, parts: [{ kind: 'literal', value, quoted: false }], candidates: [value] };
}

export function prefixWord(prefix: string, word: ShellWord): ShellWord {
  return {
    ...word,
    text: prefix + word.text,
    value: prefix + word.value,
    parts: [{ kind: 'literal', value: prefix, quoted: false }, ...word.parts],
    candidates: word.candidates.map((candidate) => prefix + candidate),
  };
}

// A command whose text was not parsed (nesting limit): its name is unknown, its text kept as one word.
export function opaque(text: string, scope: Omit<Scope, 'source'> & { source?: string }): SimpleCommand {
  const word: ShellWord = { text, value: '', dynamic: true, glob: false, parts: [{ kind: 'dynamic', text }], candidates: [UNKNOWN] };
  return {
    name: null,
    rawName: null,
    args: [text],
    dynamic: true,
    text,
    wrappers: [...scope.wrappers],
    ...(scope.viaShell ? { viaShell: true } : {}),
    words: [word, staticWord(text)],
    redirections: [],
    pipes: scope.pipes,
    background: scope.background,
    ...(scope.functionName === undefined ? {} : { functionName: scope.functionName }),
    loop: scope.loop,
    depth: scope.depth,
  };
}

export function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}

