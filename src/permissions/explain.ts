import type { Effect } from '../engine/effect.js';
import { fail } from '../engine/errors.js';
import { decide } from './decide.js';
import { KNOWN_EFFECTS } from './defaults.js';
import type { DenialTracker } from './denials.js';
import { pathJudged } from './describe.js';
import type { Policy } from './policy.js';
import type { Decision, Judged, ShellParserLike } from './types.js';

// `codeward policy check '<call>'`: the decision for a call written as `@coder exec npm test`,
// `@coder write src/a.ts`, or a JSON envelope `{"cmd":"exec","args":{"cmd":"npm test"}}`. Paths are
// judged as written (no workspace resolution); the engine's gate judges resolved paths too.

export interface Explanation extends Decision {
  // One decision per judged part (one per file of a multi-file envelope).
  readonly parts: readonly Decision[];
}

// A registry's view of commands: canonical name (aliases resolved) and effect.
export interface CommandLookup {
  find(name: string): { readonly name: string; readonly effect: Effect } | undefined;
}

export interface ExplainOptions {
  readonly parser: ShellParserLike;
  readonly commands?: CommandLookup;
}

const LISTING = new Set(['list', 'tree', 'git-status', 'git-diff', 'git-log', 'git-changed', 'git-branch']);
const SHELL = new Set(['exec', 'test']);

export type PrimaryKind = 'shell' | 'path' | 'term' | 'auto';

// The judged description of `@coder <command> <primary>`.
export function judgedFor(commandName: string, primary: string | undefined, options: { commands?: CommandLookup; kind?: PrimaryKind } = {}): Judged {
  const found = options.commands?.find(commandName);
  const command = found?.name ?? commandName.trim().toLowerCase();
  const effect: Effect = found?.effect ?? KNOWN_EFFECTS[command] ?? 'write';
  const tool = `@coder ${command}`;
  const value = primary?.trim() ?? '';
  const kind = options.kind && options.kind !== 'auto' ? options.kind : SHELL.has(command) ? 'shell' : command === 'search' ? 'term' : 'path';
  if (value === '' || LISTING.has(command)) return { command, effect, tool, call: tool, kind: 'plain' };
  if (kind === 'path') return pathJudged(command, effect, value.replace(/^(\.\/)+/, '').replace(/(.)\/+$/, '$1'), effect === 'destructive' ? 'delete' : effect === 'read' ? 'read' : 'write');
  return { command, effect, tool, call: `${tool} ${value}`, kind, subject: value };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

// (command, primary) pairs of a JSON envelope's arguments.
export function envelopePairs(envelope: Record<string, unknown>): { command: string; primary: string | undefined; kind: PrimaryKind; dir?: string }[] {
  const command = text(envelope['cmd']) ?? text(envelope['command']) ?? text(envelope['name']);
  if (!command) throw fail('C210', 'policy check: the JSON call has no "cmd"');
  const args = (typeof envelope['args'] === 'object' && envelope['args'] !== null ? envelope['args'] : {}) as Record<string, unknown>;
  const shell = text(args['cmd']) ?? text(args['command']);
  const dir = text(args['dir']);
  if (shell) return [{ command, primary: shell, kind: 'shell', ...(dir ? { dir } : {}) }];
  const term = text(args['term']) ?? text(args['query']);
  if (term) return [{ command, primary: term, kind: 'term' }];
  const paths: string[] = [];
  for (const key of ['file', 'path', 'filepath', 'dir']) if (text(args[key])) paths.push(args[key] as string);
  for (const key of ['paths', 'files', 'edits']) {
    const list = args[key];
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const path = typeof item === 'string' ? item : text((item as Record<string, unknown>)?.['path']) ?? text((item as Record<string, unknown>)?.['file']);
      if (path) paths.push(path);
    }
  }
  if (paths.length === 0) return [{ command, primary: undefined, kind: 'auto' }];
  return [...new Set(paths)].map((path) => ({ command, primary: path, kind: 'path' as const }));
}

const STRICTNESS = { deny: 0, ask: 1, allow: 2 } as const;

// The decision for a whole call: its strictest part; a safety-immune ask (neither --yes nor an allow rule approves
// it) before another ask (`policy check '@coder test'`: the detected runner line's immune part, R31).
export function strictest(decisions: readonly Decision[]): Decision | undefined {
  const rank = (d: Decision): number => STRICTNESS[d.decision] * 2 + (d.decision === 'ask' && d.source !== 'immune' ? 1 : 0);
  let worst: Decision | undefined;
  for (const d of decisions) if (!worst || rank(d) < rank(worst)) worst = d;
  return worst;
}

export async function explainJudged(policy: Policy, denials: DenialTracker, judged: readonly Judged[], parser: ShellParserLike): Promise<Explanation> {
  const parts = await Promise.all(judged.map((entry) => decide(entry, { policy, denials }, parser)));
  return { ...strictest(parts)!, parts };
}

export async function explainCall(policy: Policy, denials: DenialTracker, input: string | Record<string, unknown>, options: ExplainOptions): Promise<Explanation> {
  let envelope = typeof input === 'object' ? input : undefined;
  if (typeof input === 'string' && input.trim().startsWith('{')) {
    try {
      envelope = JSON.parse(input) as Record<string, unknown>;
    } catch (error) {
      throw fail('C210', `policy check: not valid JSON: ${(error as Error).message}`);
    }
  }
  let judged: Judged[];
  if (envelope) {
    judged = envelopePairs(envelope).map((pair) => ({ ...judgedFor(pair.command, pair.primary, { ...options, kind: pair.kind }), ...(pair.dir ? { dir: pair.dir } : {}) }));
  } else {
    const match = /^\s*(?:@coder\s+)?(\S+)(?:\s+([\s\S]*))?$/.exec(String(input));
    if (!match) throw fail('C210', 'policy check: give a call such as \'@coder exec npm test\' or a JSON envelope');
    judged = [judgedFor(match[1]!, match[2], options)];
  }
  return explainJudged(policy, denials, judged, options.parser);
}
