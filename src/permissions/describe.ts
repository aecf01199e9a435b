import { relative } from 'node:path';
import type { PreparedCall } from '../engine/engine.js';
import type { Effect } from '../engine/command.js';
import type { Access } from '../workspace/types.js';
import type { Judged } from './types.js';

// What is judged for each engine call, as `@coder <command> <primary argument>`:
// - exec and test --cmd: the shell line (`@coder exec npm test`), judged per simple command later;
// - search: the term; commands that only list (list, tree, git-*): nothing more (`@coder tree`);
// - file commands: one description per touched path, by its workspace-relative resolved path, with the
//   raw input and the path before symlinks as aliases that deny and ask rules also see.

const cleanInput = (path: string): string => path.replace(/\\/g, '/').replace(/\/{2,}/g, '/').replace(/^(\.\/)+/, '').replace(/(.)\/+$/, '$1');

// The workspace root, from a resolved path and its workspace-relative form.
function rootOf(real: string, rel: string): string | undefined {
  if (rel === '.') return real;
  return real.endsWith(`/${rel}`) ? real.slice(0, real.length - rel.length - 1) : undefined;
}

export function pathJudged(command: string, effect: Effect, rel: string, access: Access, aliases: readonly string[] = [], real?: string): Judged {
  const tool = `@coder ${command}`;
  const others = [...new Set(aliases.map(cleanInput))].filter((alias) => alias !== '' && alias !== rel);
  return {
    command,
    effect,
    tool,
    call: `${tool} ${rel}`,
    kind: 'path',
    subject: rel,
    access,
    ...(others.length > 0 ? { aliases: others } : {}),
    ...(real ? { real } : {}),
  };
}

export function describeCall(call: PreparedCall): Judged[] {
  const { command, args } = call;
  const tool = `@coder ${command.name}`;
  const effect = command.effectOf?.(args as never) ?? command.effect;
  const base = { command: command.name, effect, tool };
  const shell = command.shell?.(args as never);
  if (shell) return [{ ...base, kind: 'shell', subject: shell.command, call: `${tool} ${shell.command}`, ...(shell.dir ? { dir: shell.dir } : {}) }];
  const term = args['term'];
  if (typeof term === 'string') return [{ ...base, kind: 'term', subject: term, call: `${tool} ${term}` }];
  const listing = (effect === 'read' || effect === 'vcs') && call.touches.every(({ touch }) => touch.access === 'list');
  if (listing || call.touches.length === 0) return [{ ...base, kind: 'plain', call: tool }];
  const judged = new Map<string, Judged>();
  for (const { touch, resolved } of call.touches) {
    // A path the jail refused is not touched (batched commands report it per entry).
    if (!resolved) continue;
    const root = rootOf(resolved.real, resolved.rel);
    const lexical = root === undefined ? undefined : relative(root, resolved.lexical).split('\\').join('/') || '.';
    const aliases = [touch.path, ...(lexical && !lexical.startsWith('..') ? [lexical] : [])];
    const entry = pathJudged(command.name, effect, resolved.rel, touch.access, aliases, resolved.real);
    const key = `${entry.call}\0${entry.access}\0${(entry.aliases ?? []).join('\0')}`;
    if (!judged.has(key)) judged.set(key, entry);
  }
  return [...judged.values()];
}
