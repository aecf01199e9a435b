import { isDeepStrictEqual } from 'node:util';
import type { IgnoredSetting } from '../permissions/policy-sources.js';
import type { Config } from './config-schema.js';

// What an untrusted workspace's config may change (THREAT-MODEL.md invariant 1: untrusted input can
// only tighten), from `base`: the defaults with the user's own config applied. Each known key has a rule that keeps the tightening part of the project's value; a
// key without a rule (one added later) keeps the default unless the project's value equals it, so a
// new setting is tighten-only until someone writes down how it tightens.
// `setting` names what is ignored when that is only part of the value (the rest is applied).
type Tightener = (value: never, base: never) => { readonly value: unknown; readonly loosened?: string; readonly setting?: string };

const WHERE = "it chooses where codeward agent sends your code and API key";

const SANDBOX_STRENGTH: Readonly<Record<string, number>> = { off: 0, 'workspace-write': 1, 'read-only': 2 };

const TIGHTENERS: Readonly<Record<string, Tightener>> = {
  // More hidden files are fine; a default glob the project leaves out stays.
  nonAccessibleGlobs: (value: readonly string[], base: readonly string[]) => {
    const dropped = base.filter((glob) => !value.includes(glob));
    const added = value.filter((glob) => !base.includes(glob));
    const list = (globs: readonly string[]): string => globs.map((glob) => JSON.stringify(glob)).join(', ');
    return {
      value: [...base, ...added],
      ...(dropped.length > 0
        ? { setting: `"nonAccessibleGlobs" leaving out ${list(dropped)}`, loosened: `those stay hidden${added.length > 0 ? `; the ${added.length === 1 ? 'glob' : 'globs'} it adds (${list(added)}) ${added.length === 1 ? 'is' : 'are'} applied` : ''}` }
        : {}),
    };
  },
  // How edits match quotes: not a safety setting.
  normalizeQuotes: (value: boolean) => ({ value }),
  // Whether an edit that breaks a file's syntax is refused: a check of the edit's quality, not a safety
  // boundary (the caller may pass --syntax-check off on any call).
  syntaxCheck: (value: string) => ({ value }),
  maxWriteBytes: (value: number, base: number) => (value <= base ? { value } : { value: base, loosened: `above the default ${base}` }),
  backups: (value: boolean | 'beside', base: boolean | 'beside') => (value !== false || base === false ? { value } : { value: base, loosened: 'turning backups off loosens' }),
  // absent (workspace-write) < read-only; off never.
  sandbox: (value: string | undefined, base: string | undefined) =>
    value === undefined || (SANDBOX_STRENGTH[value] ?? 0) >= (SANDBOX_STRENGTH[base ?? 'workspace-write'] ?? 1) ? { value } : { value: base, loosened: 'turning the OS sandbox off loosens' },
  sandboxNetwork: (value: boolean, base: boolean) => (value && !base ? { value: base, loosened: 'network access in the sandbox loosens' } : { value }),
  sandboxWritable: (value: readonly string[], base: readonly string[]) => (value.every((path) => base.includes(path)) ? { value } : { value: base, loosened: 'more writable paths for sandboxed commands loosen' }),
  // Staging sandboxed commands tightens (their changes pass the write gate); writing in place where the
  // user staged loosens.
  stage: (value: boolean, base: boolean) => (value || !base ? { value } : { value: base, loosened: 'sandboxed commands writing in place (not judged by the write gate, not undoable) loosens' }),
  // codeward agent: where requests go (and with which key and headers) sends the user's code and API key
  // there, so only a trusted workspace may choose it; which model, streaming and lower caps are harmless
  // (the agent keeps the lower of the project's and the user's maxTurns, maxRetries, resultBytes).
  provider: () => ({ value: undefined, loosened: WHERE }),
  baseUrl: () => ({ value: undefined, loosened: WHERE }),
  apiKeyEnv: () => ({ value: undefined, loosened: WHERE }),
  headers: () => ({ value: undefined, loosened: WHERE }),
  model: (value: unknown) => ({ value }),
  stream: (value: unknown) => ({ value }),
  maxRetries: (value: unknown) => ({ value }),
  maxTurns: (value: unknown) => ({ value }),
  resultBytes: (value: unknown) => ({ value }),
  approvalMode: (value: unknown) => (value === 'ask' ? { value } : { value: undefined, loosened: 'it lets the agent run more without asking' }),
};

export function tightenConfig(project: Config, keys: readonly string[], base: Config, file: string): { config: Config; ignored: IgnoredSetting[] } {
  const config: Record<string, unknown> = { ...base };
  const ignored: IgnoredSetting[] = [];
  for (const key of keys) {
    const value = (project as Record<string, unknown>)[key];
    const start = (base as Record<string, unknown>)[key];
    const tighten = TIGHTENERS[key];
    const result = tighten
      ? tighten(value as never, start as never)
      : isDeepStrictEqual(value, start) ? { value } : { value: start, loosened: 'not known to only tighten' };
    config[key] = result.value;
    if (result.loosened) ignored.push({ file, setting: 'setting' in result && result.setting ? result.setting : `${JSON.stringify(key)}: ${JSON.stringify(value)}`, reason: result.loosened });
  }
  return { config: config as Config, ignored };
}
