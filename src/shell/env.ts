// The environment of a process that exec or test starts.
//
// - Dropped: the LLM provider keys codeward itself reads (a command the model writes must not be able
//   to print them), every CODEWARD_* variable except the harmless ones below (a secret added to
//   codeward's configuration later is dropped by default), and every secret-looking variable: API
//   keys, tokens, passwords, cloud credentials, agent sockets, URLs with a password in them
//   (THREAT-MODEL invariant 6), sandboxed or not.
// - Let through anyway: the secret-looking names the user lists (`--pass-env NAME`, `passEnv` in
//   ~/.codeward/config.json), never the provider keys or CODEWARD_* secrets. A repository cannot add names.
// - Kept: everything else (PATH, HOME, toolchain variables).
// - NO_COLOR=1 and no FORCE_COLOR: the output is captured for a model, escape codes are noise.
//   (Both set at once makes Node print a warning, so FORCE_COLOR is removed.) `overrides` wins.
// - No terminal (NON_INTERACTIVE below): editors that fail at once saying what to pass instead, `cat`
//   as the pager, TERM=dumb, no credential or package-manager prompts. The user's own EDITOR, PAGER and
//   TERM are replaced: exec has no terminal to show them on (stdin is empty, no controlling terminal).
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

// Name parts that mark a secret (whole `_`-separated words, or words ending so: GITLAB_PRIVATETOKEN,
// npm's `…:_authToken`; TOKENIZERS_PARALLELISM is no token).
const SECRET_WORDS = /(?:^|_)(?:[A-Z0-9]*(?:TOKEN|SECRET|PASSWORD|PASSWD|APIKEY|PASSPHRASE|CREDENTIAL)S?|API_?KEYS?|KEYS?|PASS|CREDS|PRIVATE_?KEY|ACCESS_?KEY(?:_?ID)?|AUTH|COOKIES?|DSN|CONN(?:ECTION)?_?STR(?:ING)?|DATABASE_?URL|WEBHOOK(?:_?URL)?)(?:_|$)/;
// Short spellings: MYSQL_PWD, REDIS_PW, GH_PAT (a personal access token); not the shell's own PWD/OLDPWD.
const SECRET_SHORT = /(?:^|_)(?:PW|PAT)(?:_|$)|_PWD(?:_|$)/;
// Whole families of credentials (cloud accounts, agents that sign as the user).
const SECRET_PREFIXES = ['AWS_', 'AZURE_', 'ARM_CLIENT', 'GOOGLE_APPLICATION_CREDENTIALS', 'GCLOUD_', 'CLOUDSDK_AUTH', 'DIGITALOCEAN_', 'HCLOUD_', 'VAULT_', 'DOCKER_AUTH', 'SSH_AUTH_SOCK', 'GPG_AGENT_INFO', 'GNUPGHOME', 'KUBECONFIG', 'TF_VAR_', 'OP_SERVICE_ACCOUNT', 'SNOWFLAKE_', 'TWINE_', 'GH_ENTERPRISE_', 'CI_JOB_JWT'];
// Harmless names that look like secrets.
const NOT_SECRET = new Set(['PASSWORD_STORE_DIR', 'PASSWORD_STORE_KEY']);
// A value that carries a password: scheme://user:password@host.
const PASSWORD_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:[^/\s@]+@/i;

// Is this variable a secret a process must not see unless the user names it?
export function isSecretVariable(name: string, value: string | undefined): boolean {
  const upper = name.toUpperCase();
  if (isCodewardSecret(upper)) return true;
  if (NOT_SECRET.has(upper)) return false;
  if (SECRET_WORDS.test(upper) || SECRET_SHORT.test(upper) || SECRET_PREFIXES.some((prefix) => upper.startsWith(prefix))) return true;
  return value !== undefined && PASSWORD_URL.test(value);
}

// What an editor started by a program (crontab -e, kubectl edit, `$EDITOR x`) runs: one word (programs
// split EDITOR on spaces, run it with execvp or sh -c) naming no program, so it fails at once (127) and
// the shell's "not found" line says why.
export const NO_EDITOR = 'codeward:exec-has-no-terminal,no-editor-opens:change-files-with-codeward-write-or-patch-or-sed-i';
// git's editor: a message, then exit 0, so git goes on with its default text where it has one (merge,
// revert, rebase --continue, --amend keep theirs) and says "Aborting commit due to empty commit message"
// where it has none. A todo list of `rebase -i` (GIT_SEQUENCE_EDITOR) is run as git wrote it.
export const GIT_NO_EDITOR = `sh -c 'echo "codeward: exec has no terminal, so no editor opened; git keeps its default text (pass -m MESSAGE or -F FILE to give one, --no-edit to keep it)" >&2' codeward-git-editor`;

// Set for every process exec and test start, sandboxed or not (the caller's `overrides` still win).
export const NON_INTERACTIVE: Readonly<Record<string, string>> = {
  GIT_EDITOR: GIT_NO_EDITOR,
  GIT_SEQUENCE_EDITOR: GIT_NO_EDITOR,
  EDITOR: NO_EDITOR,
  VISUAL: NO_EDITOR,
  GIT_PAGER: 'cat',
  PAGER: 'cat',
  MANPAGER: 'cat',
  SYSTEMD_PAGER: 'cat',
  GH_PAGER: 'cat',
  AWS_PAGER: '',
  TERM: 'dumb',
  GIT_TERMINAL_PROMPT: '0',
  GCM_INTERACTIVE: 'never',
  GH_PROMPT_DISABLED: '1',
  DEBIAN_FRONTEND: 'noninteractive',
  PIP_NO_INPUT: '1',
};

export interface ChildEnvOptions {
  // Secret-looking variables to let through (the user named them); provider keys and CODEWARD_* stay out.
  readonly pass?: readonly string[];
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
  const pass = new Set(options.pass ?? []);
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined || isCodewardSecret(name) || name === 'FORCE_COLOR') continue;
    if (isSecretVariable(name, value) && !pass.has(name)) continue;
    env[name] = value;
  }
  env['NO_COLOR'] = '1';
  Object.assign(env, NON_INTERACTIVE);
  for (const [name, value] of Object.entries(options.overrides ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  if (env['FORCE_COLOR'] !== undefined && options.overrides?.['NO_COLOR'] === undefined) delete env['NO_COLOR'];
  return env;
}
