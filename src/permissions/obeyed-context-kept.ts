import picomatch from '../workspace/picomatch.js';
import { isStrings as strings } from './kept-across.js';
import type { ComputedCommand, ObeyedContext } from './obeyed.js';

// The write gate's per-repository git context as kept in memory and in the state folder (obeyed-context.ts,
// kept-across.ts): plain data checked field by field when read back, the glob matchers made when used.

export type RepositoryContext = Pick<ObeyedContext, 'gitPaths' | 'gitGlobs' | 'gitGlobTests' | 'computed' | 'whole'>;

// Folders of installed packages and tool caches, never matched by a hook's glob.
const INSTALLED = ['**/node_modules/**', '**/.venv/**', '**/venv/**', '**/site-packages/**', '**/.tox/**', '**/.nox/**', '**/__pycache__/**'];
// A hook glob that names one of those folders itself is aimed there (`.tox/*/bin/pytest`: the program tox runs,
// hook-python-envs.ts): not ignored.
const NAMES_INSTALLED = /(?:^|\/)(?:node_modules|\.venv|venv|site-packages|\.tox|\.nox|__pycache__)\//;

// A repository's context as kept (in memory and in the state folder): plain data; the glob tests are made
// from `globs` when it is used.
export interface PlainContext {
  readonly gitPaths: readonly string[];
  // Each glob, whether it is a hook's (never matched in installed packages) and why it is obeyed when not plain.
  readonly globs: readonly { readonly glob: string; readonly hook: boolean; readonly why?: string; readonly styles?: true }[];
  readonly computed: readonly ComputedCommand[];
  readonly whole: readonly string[];
}

// The context a judgement uses: the kept data and a matcher per glob.
export function withTests(plain: PlainContext): RepositoryContext {
  const gitGlobTests = plain.globs.map(({ glob, hook, why, styles }) => ({ glob, matches: picomatch(glob, { dot: true, nocase: true, ...(hook && !NAMES_INSTALLED.test(glob) ? { ignore: INSTALLED } : {}) }), why, ...(styles ? { styles } : {}) }));
  return { gitPaths: [...plain.gitPaths], gitGlobs: plain.globs.map(({ glob }) => glob), gitGlobTests, computed: [...plain.computed], whole: [...plain.whole] };
}

export interface Kept {
  readonly stamps: string;
  readonly sources: readonly string[];
  readonly anchors: readonly string[];
  readonly plain: PlainContext;
}

// A kept entry as read back from the state folder's file: anything else is computed again.
export const isKept = (value: unknown): value is Kept => {
  const kept = value as Partial<Record<keyof Kept, unknown>> | null;
  const plain = kept?.plain as Partial<Record<keyof PlainContext, unknown>> | undefined;
  return typeof kept === 'object' && kept !== null && typeof kept.stamps === 'string' && strings(kept.sources) && strings(kept.anchors) && typeof plain === 'object' && plain !== null
    && strings(plain.gitPaths) && strings(plain.whole)
    && Array.isArray(plain.globs) && plain.globs.every((item: { glob?: unknown; hook?: unknown; why?: unknown; styles?: unknown }) => typeof item?.glob === 'string' && typeof item.hook === 'boolean' && (item.why === undefined || typeof item.why === 'string') && (item.styles === undefined || item.styles === true))
    && Array.isArray(plain.computed) && plain.computed.every((item: Partial<Record<keyof ComputedCommand, unknown>>) => typeof item?.key === 'string' && typeof item.value === 'string' && typeof item.why === 'string');
};

// The state folder's file of repository contexts (kept-across.ts).
export const KEPT_FILE = 'git-contexts.json';

