// The environment of a process that exec or test starts.
//
// - Dropped: the LLM provider keys codeward itself reads (a command the model writes must not be able
//   to print them) and every CODEWARD_* variable except the harmless ones below, so a secret added to
//   codeward's configuration later is dropped by default.
// - Kept: everything else (PATH, HOME, toolchain variables, the user's own tokens such as GITHUB_TOKEN,
//   which the user's tools may legitimately need).
// - NO_COLOR=1 and no FORCE_COLOR: the output is captured for a model, escape codes are noise.
//   (Both set at once makes Node print a warning, so FORCE_COLOR is removed.) `overrides` wins.
// - `.env` files are never read: the child sees the parent's environment, nothing from the workspace.

export const PROVIDER_SECRET_VARIABLES: readonly string[] = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'OLLAMA_API_KEY',
];

// CODEWARD_* variables that hold no secret and that a nested codeward (or a test of it) may use.
export const HARMLESS_CODEWARD_VARIABLES: readonly string[] = [
  'CODEWARD_STATE_DIR',
  'CODEWARD_PROVIDER',
  'CODEWARD_MODEL',
];

export interface ChildEnvOptions {
  // Set last, after the filtering (e.g. `{ FORCE_COLOR: '1' }` to ask for colour after all).
  readonly overrides?: Readonly<Record<string, string | undefined>>;
}

export function isCodewardSecret(name: string): boolean {
  const upper = name.toUpperCase();
  if (PROVIDER_SECRET_VARIABLES.includes(upper)) return true;
  return upper.startsWith('CODEWARD_') && !HARMLESS_CODEWARD_VARIABLES.includes(upper);
}

export function childEnv(parent: Readonly<Record<string, string | undefined>>, options: ChildEnvOptions = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined || isCodewardSecret(name) || name === 'FORCE_COLOR') continue;
    env[name] = value;
  }
  env['NO_COLOR'] = '1';
  for (const [name, value] of Object.entries(options.overrides ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  if (env['FORCE_COLOR'] !== undefined && options.overrides?.['NO_COLOR'] === undefined) delete env['NO_COLOR'];
  return env;
}
