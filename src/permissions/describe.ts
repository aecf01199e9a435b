import { relative } from 'node:path';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import type { JailedTouch, PreparedCall } from '../engine/engine.js';
import type { AnyCommand, Effect } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { toKebab } from '../engine/flag-names.js';
import { quoteWord } from './quote-word.js';
import type { Access } from '../workspace/types.js';
import type { Judged } from './types.js';
import { NO_STAGE, writesInPlace } from '../shell/run-staging.js';

// What is judged for each engine call, as `@coder <command> <primary argument>`:
// - exec and test --cmd: the shell line (`@coder exec npm test`), judged per simple command later;
// - search: the term; commands that only list (list, tree, git-*): nothing more (`@coder tree`);
// - file commands: one description per touched path, by its workspace-relative resolved path, with the
//   raw input and the path before symlinks as aliases that deny and ask rules also see.
// Every flag the command declares in `effectArgs` that is not at its default is rendered between the
// tool and the subject (`@coder clean --pattern '*.sqlite' .`): the question, the "always" rule and a
// copied rule all carry it, so no answer covers a call with another value.

const cleanInput = (path: string): string => path.replace(/\\/g, '/').replace(/\/{2,}/g, '/').replace(/^(\.\/)+/, '').replace(/(.)\/+$/, '$1');

const withQualifiers = (tool: string, qualifiers: string): string => (qualifiers ? `${tool} ${qualifiers}` : tool);

// The workspace root, from a resolved path and its workspace-relative form.
function rootOf(real: string, rel: string): string | undefined {
  if (rel === '.') return real;
  return real.endsWith(`/${rel}`) ? real.slice(0, real.length - rel.length - 1) : undefined;
}

export function pathJudged(command: string, effect: Effect, rel: string, access: Access, aliases: readonly string[] = [], real?: string, qualifiers = ''): Judged {
  const tool = `@coder ${command}`;
  const others = [...new Set(aliases.map(cleanInput))].filter((alias) => alias !== '' && alias !== rel);
  return {
    command,
    effect,
    tool,
    call: `${withQualifiers(tool, qualifiers)} ${rel}`,
    ...(qualifiers ? { qualifiers } : {}),
    kind: 'path',
    subject: rel,
    access,
    ...(others.length > 0 ? { aliases: others } : {}),
    ...(real ? { real } : {}),
  };
}

// The value a flag has when the caller leaves it out (undefined for a required or optional flag).
function defaultOf(command: AnyCommand, flag: string): unknown {
  const field = (command.flags._zod.def.shape as Record<string, $ZodType | undefined>)[flag];
  const parsed = field === undefined ? undefined : z.safeParse(field, undefined);
  return parsed?.success ? parsed.data : undefined;
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

// One flag as a person would type it: `--recursive`, `--steps 5`, `--pattern '*.sqlite'`. A path a touch
// names is shown as the jail resolved it (`--dir ./sub/` is `--dir sub`).
function renderFlag(flag: string, value: unknown, touches: readonly JailedTouch[]): string | undefined {
  const name = `--${toKebab(flag)}`;
  if (value === true) return name;
  // `--no-stage`, as the caller typed it (a question shows what it means: in place).
  if (value === false) return `--no-${toKebab(flag)}`;
  const resolved = typeof value === 'string' ? touches.find(({ touch }) => touch.path === value)?.resolved : undefined;
  const text = resolved ? resolved.rel : typeof value === 'string' ? value : JSON.stringify(value);
  return `${name} ${quoteWord(text)}`;
}

// The declared effect flags of a call that are not at their default, rendered in declaration order. A
// flag whose value is the path subject itself (`test --dir sub` is `@coder test sub`) is not repeated.
export function effectQualifiers(call: PreparedCall, pathSubject: boolean): string {
  const { command, args } = call;
  // A command from outside the registry's type (plain JS) that writes must say what changes its effect.
  if (!Array.isArray(command.effectArgs)) {
    if (command.effect === 'read' || command.effect === 'vcs') return '';
    throw fail('C216', `internal error: the command ${command.name} declares no effectArgs, so its approval question could hide an argument`);
  }
  const shown: string[] = [];
  for (const flag of command.effectArgs) {
    const value = args[flag];
    if (value === undefined || sameValue(value, defaultOf(command, flag))) continue;
    if (pathSubject && typeof value === 'string' && call.touches.some(({ touch }) => touch.path === value)) continue;
    const rendered = renderFlag(flag, value, call.touches);
    if (rendered !== undefined && rendered !== renderFlag(flag, defaultOf(command, flag), call.touches)) shown.push(rendered);
  }
  return shown.join(' ');
}

// Each part carries whether the call's run will be staged (PreparedCall.staging, decided once before the
// gate): `staged` only when every write of it is judged after it (no sandboxWritable folder beside the
// overlay); a call prepared without it (policy check) is in place when the caller said --no-stage.
export function describeCall(call: PreparedCall): Judged[] {
  const judged = describeParts(call);
  const staging = call.staging ?? (call.command.stage?.(call.args as never) === false ? NO_STAGE : undefined);
  if (staging === 'staged') return judged.map((entry) => ({ ...entry, staged: true }));
  if (!writesInPlace(staging)) return judged;
  const { unconfined } = staging;
  return judged.map((entry) => ({ ...entry, inPlace: { why: staging.why, fix: staging.fix }, ...(unconfined ? { unconfined } : {}) }));
}

function describeParts(call: PreparedCall): Judged[] {
  const own = ownParts(call);
  // The line the command found itself (test's detected runner, PreparedCall.shell) is judged as exec judges that
  // line, beside the call's own part: what a rule or the immune list says of it holds (red team R30-6).
  const found = call.shell;
  if (found === undefined || call.command.shell?.(call.args as never) !== undefined) return own;
  const tool = `@coder ${call.command.name}`;
  const effect = call.command.effectOf?.(call.args as never) ?? call.command.effect;
  return [...own, { command: call.command.name, effect, tool, kind: 'shell', subject: found.command, call: `${tool} ${found.command}`, dir: found.dir, detected: true }];
}

function ownParts(call: PreparedCall): Judged[] {
  const { command, args } = call;
  const tool = `@coder ${command.name}`;
  const effect = command.effectOf?.(args as never) ?? command.effect;
  const base = { command: command.name, effect, tool };
  const shell = command.shell?.(args as never);
  if (shell) {
    const qualifiers = effectQualifiers(call, false);
    return [{ ...base, kind: 'shell', subject: shell.command, call: `${withQualifiers(tool, qualifiers)} ${shell.command}`, ...(shell.dir ? { dir: shell.dir } : {}), ...(qualifiers ? { qualifiers } : {}) }];
  }
  const term = args['term'];
  if (typeof term === 'string') {
    const qualifiers = effectQualifiers(call, false);
    return [{ ...base, kind: 'term', subject: term, call: `${withQualifiers(tool, qualifiers)} ${term}`, ...(qualifiers ? { qualifiers } : {}) }];
  }
  const listing = (effect === 'read' || effect === 'vcs') && call.touches.every(({ touch }) => touch.access === 'list');
  if (listing || call.touches.length === 0) {
    const qualifiers = effectQualifiers(call, false);
    return [{ ...base, kind: 'plain', call: withQualifiers(tool, qualifiers), ...(qualifiers ? { qualifiers } : {}) }];
  }
  const qualifiers = effectQualifiers(call, true);
  const judged = new Map<string, Judged>();
  for (const { touch, resolved } of call.touches) {
    // A path the jail refused is not touched (batched commands report it per entry).
    if (!resolved) continue;
    const root = rootOf(resolved.real, resolved.rel);
    const lexical = root === undefined ? undefined : relative(root, resolved.lexical).split('\\').join('/') || '.';
    const aliases = [touch.path, ...(lexical && !lexical.startsWith('..') ? [lexical] : [])];
    const entry = pathJudged(command.name, effect, resolved.rel, touch.access, aliases, resolved.real, qualifiers);
    const key = `${entry.call}\0${entry.access}\0${(entry.aliases ?? []).join('\0')}`;
    if (!judged.has(key)) judged.set(key, entry);
  }
  const made = call.touches.filter(({ touch, resolved }) => resolved && touch.access === 'write').map(({ resolved }) => resolved!.rel);
  return made.length < 2 ? [...judged.values()] : [...judged.values()].map((entry) => (entry.access === 'write' ? { ...entry, made } : entry));
}
