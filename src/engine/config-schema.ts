import * as z from 'zod/mini';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../workspace/types.js';
import { SANDBOX_MODES } from '../sandbox/paths.js';

// A leaf below the settings loaders: the engine's Config type and its schema, for every module that only
// needs their shape (the sandbox, the command contract) without the loaders that read the files.
// The agent's keys in a project config (AGENT_CONFIG_KEYS below).
const AGENT_KEYS = ['provider', 'model', 'baseUrl', 'apiKeyEnv', 'headers', 'stream', 'maxRetries', 'maxTurns', 'approvalMode', 'resultBytes'] as const;

// Every key of the project configuration with its default (undefined: none, the key stays absent): the one
// source of the schema's defaults and of defaultConfig(), which a call with no config file (the user's or the
// project's) answers without building the schema (~1.5 ms of zod at every call's start, issue 31). The key sets
// of this object and of the schema are the same (checked by the type below and by test/engine/config-defaults.test.ts).
const DEFAULTS = {
  nonAccessibleGlobs: DEFAULT_NON_ACCESSIBLE_GLOBS,
  normalizeQuotes: true,
  maxWriteBytes: 64 * 1024 * 1024,
  backups: true,
  checkpointMaxMB: 500,
  checkpointMaxDays: 30,
  sandbox: undefined,
  sandboxNetwork: false,
  sandboxWritable: [],
  passEnv: [],
  sandboxReadable: [],
  envPlaces: [],
  stage: true,
  syntaxCheck: 'refuse',
  // The agent's keys (AGENT_CONFIG_KEYS): none has a default.
  ...(Object.fromEntries(AGENT_KEYS.map((key) => [key, undefined])) as Record<(typeof AGENT_KEYS)[number], undefined>),
} as const;

// Project configuration: `.codeward/config.json` or `.codeward/config.yaml` in the workspace root. Built on
// first use (a config file to parse, its keys named in a message).
function schemaOf() {
  // A list of non-empty strings, by default the key's DEFAULTS (a copy).
  const list = (key: 'nonAccessibleGlobs' | 'sandboxWritable' | 'passEnv' | 'sandboxReadable' | 'envPlaces') => z._default(z.array(z.string().check(z.minLength(1))), [...DEFAULTS[key]]);
  return z.strictObject({
    nonAccessibleGlobs: list('nonAccessibleGlobs'),
    normalizeQuotes: z._default(z.boolean(), DEFAULTS.normalizeQuotes),
    maxWriteBytes: z._default(z.int().check(z.positive()), DEFAULTS.maxWriteBytes),
    // Where the previous version of a changed file goes: true = the checkpoint store outside the workspace
    // (undo, redo, restore); "beside" = also a ChatCLI-style `<file>.bak` next to it; false = nowhere.
    backups: z._default(z.literal([true, false, 'beside']), DEFAULTS.backups),
    // Bounds of the checkpoint store: the oldest steps go first when it is larger or older than this.
    checkpointMaxMB: z._default(z.int().check(z.positive()), DEFAULTS.checkpointMaxMB),
    checkpointMaxDays: z._default(z.int().check(z.positive()), DEFAULTS.checkpointMaxDays),
    // exec and test in the OS sandbox; absent: workspace-write where one is available.
    sandbox: z.optional(z.enum(SANDBOX_MODES)),
    sandboxNetwork: z._default(z.boolean(), DEFAULTS.sandboxNetwork),
    // More writable paths for sandboxed commands (`~/.cargo`), besides the workspace and a private /tmp.
    sandboxWritable: list('sandboxWritable'),
    // Secret-looking environment variables exec and test may see: read from ~/.codeward/config.json only
    // (src/sandbox/user-settings.ts); a project config cannot let a secret through.
    passEnv: list('passEnv'),
    // More home paths shown read-only to sandboxed commands: also from ~/.codeward/config.json only.
    sandboxReadable: list('sandboxReadable'),
    // Environment variables whose values are places, not tool homes (`PROJECT_SRC`): a path inside the workspace one
    // of them names is not obeyed by the generic rule (src/permissions/obeyed-env-homes.ts; a named tool home such as
    // CARGO_HOME keeps its rows). Also from ~/.codeward/config.json only: a repository cannot loosen the write gate.
    envPlaces: list('envPlaces'),
    // true (the default): exec and test in the sandbox write through an overlay; their changes are judged
    // by the write gate and applied as one checkpoint (undo takes a command back). false: in place, as
    // with --no-stage (and wherever no overlay can be mounted: the result's `inPlace` says why).
    stage: z._default(z.boolean(), DEFAULTS.stage),
    // The syntax check after every edit of a code file (src/code/syntax-check-hook.ts): "refuse" an edit that
    // breaks a file that parsed cleanly (new errors in a file that had some are a warning), "warn" only, "off".
    syntaxCheck: z._default(z.enum(['refuse', 'warn', 'off']), DEFAULTS.syntaxCheck),
    // codeward agent's settings (docs/agent.md "Project settings"): other commands ignore them and never
    // fail on them (the agent validates their values itself). Those that choose where the agent's requests
    // go apply only in a trusted workspace (config-tighten.ts).
    provider: z.optional(z.unknown()),
    model: z.optional(z.unknown()),
    baseUrl: z.optional(z.unknown()),
    apiKeyEnv: z.optional(z.unknown()),
    headers: z.optional(z.unknown()),
    stream: z.optional(z.unknown()),
    maxRetries: z.optional(z.unknown()),
    maxTurns: z.optional(z.unknown()),
    approvalMode: z.optional(z.unknown()),
    resultBytes: z.optional(z.unknown()),
  });
}

// The schema, built once per process on first use.
export const configSchema: () => ReturnType<typeof schemaOf> = ((): (() => ReturnType<typeof schemaOf>) => {
  let built: ReturnType<typeof schemaOf> | undefined;
  return () => (built ??= schemaOf());
})();

// Whether two object types have the same keys: DEFAULTS and the schema's (a key added to one only fails the type check).
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
const keysAgree: SameKeys<typeof DEFAULTS, Config> = true;

// Every key a project's config may hold (the schema's, in its order).
export const CONFIG_KEYS: readonly string[] = keysAgree ? Object.keys(DEFAULTS) : [];

// The agent's keys in a project config (the engine itself reads none of them).
export const AGENT_CONFIG_KEYS = AGENT_KEYS;

// Keys only the user's own ~/.codeward/config sets (config-user.ts); in a project file they are never
// applied, trusted or not, and the notice says so (a project cannot let a secret through).
export const USER_ONLY_KEYS = ['passEnv', 'sandboxReadable', 'envPlaces'] as const;

export type Config = z.infer<ReturnType<typeof schemaOf>>;

// What the schema makes of `{}` (a fresh copy each time, as its parse gives), from DEFAULTS without building it.
// (Its values are JSON's: the copy drops the keys without a default, as the parse leaves them out.)
export function defaultConfig(): Config {
  return JSON.parse(JSON.stringify(DEFAULTS)) as Config;
}

// Keys the user's own ~/.codeward/config may set as the base a project starts from (config-user.ts):
// every engine setting. The agent's keys are the agent's to read, USER_ONLY_KEYS the sandbox's.
export const ENGINE_CONFIG_KEYS: readonly string[] = CONFIG_KEYS
  .filter((key) => !(AGENT_CONFIG_KEYS as readonly string[]).includes(key) && !(USER_ONLY_KEYS as readonly string[]).includes(key));
