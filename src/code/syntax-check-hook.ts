// The syntax check of every edit (issue 30), plugged into the engine once (EngineHooks.guardIntent): every
// change a command declares through ctx.intend (write, create, update, patch, multipatch, edit-file, the
// symbol edits, and any command added later) is parsed before and after, in the approval's dry run and in the
// real run alike. Errors the change introduced are warnings; a change that turns a file that parsed cleanly
// (or a new file) into one that does not is refused (C225) unless the call or the config says otherwise.
import { fail } from '../engine/errors.js';
import type { IntendedChange } from '../engine/command.js';
import type { EngineHooks, IntentGuard, PreparedCall } from '../engine/engine-types.js';
import type { CodeParsers, LoadedLanguage } from './parsers.js';
import type { LanguageId } from './languages.js';
import { describeProblems, introducedProblems } from './syntax-check.js';
import { SYNTAX_PARSE_BUDGET_MS, SyntaxTreeCache } from './syntax-tree-cache.js';

import { SYNTAX_CHECK_MODES, type SyntaxCheckMode } from './syntax-check-flag.js';

// Files larger than this (before or after) are not parsed; the warning names them.
export const SYNTAX_CHECK_MAX_BYTES = 1024 * 1024;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function decode(bytes: Uint8Array): string | undefined {
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined; // not UTF-8: not text a grammar reads
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && Buffer.compare(a, b) === 0;

// The mode of one call: its own --syntax-check, else the config's; a command without the flag only warns.
function modeOf(call: PreparedCall, configured: SyntaxCheckMode): SyntaxCheckMode {
  const own = call.args['syntaxCheck'];
  if (!('syntaxCheck' in call.command.flags._zod.def.shape)) return configured === 'off' ? 'off' : 'warn';
  return typeof own === 'string' && (SYNTAX_CHECK_MODES as readonly string[]).includes(own) ? (own as SyntaxCheckMode) : configured;
}

interface GuardOptions {
  readonly parsers: CodeParsers;
  // The config's syntaxCheck.
  readonly mode: SyntaxCheckMode;
  // The workspace-relative form of a real path, for messages.
  readonly relative: (real: string) => string;
}

interface GuardState extends GuardOptions {
  // The trees of the texts last checked (an edit reparses incrementally from its before-tree).
  readonly trees: SyntaxTreeCache;
}

function checkChange(change: IntendedChange, loaded: ReadonlyMap<LanguageId, LoadedLanguage>, options: GuardState, mode: SyntaxCheckMode, warn: (message: string) => void): void {
  const { after, before } = change;
  if (after === null) return;
  const language = options.parsers.languageOf(change.path);
  if (language === undefined) return;
  const rel = options.relative(change.path);
  if (before instanceof Uint8Array && sameBytes(before, after)) return;
  const size = Math.max(after.length, before?.length ?? 0);
  if (size > SYNTAX_CHECK_MAX_BYTES) {
    warn(`syntax check skipped for ${rel}: ${size} bytes is over its budget of ${SYNTAX_CHECK_MAX_BYTES} bytes`);
    return;
  }
  const grammar = loaded.get(language.id);
  if (grammar === undefined) {
    warn(`syntax check skipped for ${rel}: the ${language.id} grammar is not loaded`);
    return;
  }
  const afterText = decode(after);
  if (afterText === undefined) return;
  const beforeText = before === undefined ? undefined : before === null ? '' : decode(before);
  const tooSlow = (): void => warn(`syntax check skipped for ${rel}: parsing it took over ${SYNTAX_PARSE_BUDGET_MS} ms (${language.id})`);
  // The before-text first (kept from the last check of this file when it was), the after-text reparsed from it.
  const beforeProblems = beforeText === undefined ? [] : options.trees.problems(grammar.parser, change.path, beforeText);
  if (beforeProblems === undefined) return tooSlow();
  const afterProblems = options.trees.problems(grammar.parser, change.path, afterText, beforeText);
  if (afterProblems === undefined) return tooSlow();
  if (afterProblems.length === 0) return;
  if (beforeText === undefined) {
    warn(`${rel} has syntax errors after this edit (${language.id}): ${describeProblems(afterProblems)}`);
    return;
  }
  const introduced = introducedProblems(beforeText, beforeProblems, afterText, afterProblems);
  if (introduced.length === 0) return;
  const was = before === null ? 'is new' : 'parsed cleanly';
  if (beforeProblems.length === 0 && mode === 'refuse') {
    throw fail('C225', `${rel} ${was} as ${language.id} and would not after this edit: ${describeProblems(introduced)}; nothing was written. Fix the content (or pass --syntax-check warn to write it anyway)`);
  }
  warn(`${rel}: this edit introduced ${introduced.length === 1 ? 'a syntax error' : `${introduced.length} syntax errors`} (${language.id}): ${describeProblems(introduced)}`);
}

// The guard of one call: loads the grammars of the code files it writes (once per CodeParsers), then checks
// every declared change synchronously.
export async function syntaxGuard(call: PreparedCall, options: GuardState): Promise<IntentGuard | undefined> {
  const mode = modeOf(call, options.mode);
  if (mode === 'off') return undefined;
  const written = call.touches.filter(({ touch }) => touch.access === 'write');
  const ids = new Set<LanguageId>();
  for (const { touch, resolved } of written) {
    const language = options.parsers.languageOf(resolved?.real ?? touch.path);
    if (language !== undefined) ids.add(language.id);
  }
  if (ids.size === 0) return undefined;
  const loaded = new Map<LanguageId, LoadedLanguage>();
  // A grammar that does not load skips the check of its files (named in the warning), never the edit.
  await Promise.all([...ids].map(async (id) => {
    const grammar = await options.parsers.load(id).catch(() => undefined);
    if (grammar !== undefined) loaded.set(id, grammar);
  }));
  return (changes, warn) => {
    for (const change of changes) checkChange(change, loaded, options, mode, warn);
  };
}

// The hook setup.ts plugs into the engine.
export function syntaxCheckHooks(options: GuardOptions): Pick<EngineHooks, 'guardIntent'> {
  const state: GuardState = { ...options, trees: new SyntaxTreeCache() };
  return { guardIntent: (call) => syntaxGuard(call, state) };
}
