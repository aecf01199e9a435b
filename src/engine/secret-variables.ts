// Which environment variables hold secrets: one list for every layer that must keep them from a process
// (src/shell/env.ts drops them from exec's environment) or from a path (src/workspace/expand.ts never
// expands them). It sits here, at the bottom, so the workspace layer need not import the shell layer.

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

// Each pattern below comes with a guard: literals of which every text the pattern matches holds one (or, for
// SECRET_SHORT, its words). A pattern runs only when its guard says yes, so a cold call does not compile the
// patterns its environment never needs (3-5 ms of a cold exec, issue 31). A guard may say yes where its
// pattern says no, never the reverse: test/shell/secret-variable-guards.test.ts checks every pair.
export interface GuardedPattern {
  readonly pattern: RegExp;
  readonly mayMatch: (text: string) => boolean;
}

const holdsAny = (hints: readonly string[]) => (text: string): boolean => hints.some((hint) => text.includes(hint));
const passes = (guarded: GuardedPattern, text: string): boolean => guarded.mayMatch(text) && guarded.pattern.test(text);

// Name parts that mark a secret (whole `_`-separated words, or words ending so: GITLAB_PRIVATETOKEN,
// npm's `…:_authToken`; TOKENIZERS_PARALLELISM is no token).
const SECRET_WORDS: GuardedPattern = {
  pattern: /(?:^|_)(?:[A-Z0-9]*(?:TOKEN|SECRET|PASSWORD|PASSWD|APIKEY|PASSPHRASE|CREDENTIAL)S?|API_?KEYS?|KEYS?|PASS|CREDS|PRIVATE_?KEY|ACCESS_?KEY(?:_?ID)?|AUTH|COOKIES?|DSN|CONN(?:ECTION)?_?STR(?:ING)?|DATABASE_?URL|WEBHOOK(?:_?URL)?)(?:_|$)/,
  mayMatch: holdsAny(['TOKEN', 'SECRET', 'PASS', 'KEY', 'CRED', 'AUTH', 'COOKIE', 'DSN', 'CONN', 'DATABASE', 'WEBHOOK']),
};
// Short spellings: MYSQL_PWD, REDIS_PW, GH_PAT (a personal access token), STRIPE_SK (a secret key),
// PGPASS; not the shell's own PWD/OLDPWD.
// JWT and BEARER (red team H6): a token by its kind.
// Its guard works on `_`-separated words, as PATH and PWD hold PAT and PW: `(^|_)X(_|$)` is a word X, and
// `_PWD(_|$)` a word PWD after the first.
const SHORT_WORDS = new Set(['PW', 'PAT', 'SK', 'PGPASS', 'JWT', 'BEARER']);
const SECRET_SHORT: GuardedPattern = {
  pattern: /(?:^|_)(?:PW|PAT|SK|PGPASS|JWT|BEARER)(?:_|$)|_PWD(?:_|$)/,
  mayMatch: (text) => {
    const words = text.split('_');
    return words.some((word) => SHORT_WORDS.has(word)) || words.indexOf('PWD', 1) > 0;
  },
};
// Word beginnings (issue 26): *_PASS* (DB_PASSCODE, SMTP_PASSWD; not PASSENGER_*), *_CREDENTIAL*,
// *_AUTH* (NPM_AUTHTOKEN, X_AUTH_HEADER; not GIT_AUTHOR_NAME, CERT_AUTHORITY).
const SECRET_STEMS: GuardedPattern = {
  pattern: /(?:^|_)(?:PASS(?!ENGER)|[A-Z0-9]*CREDENTIAL|AUTH(?!OR))[A-Z0-9]*(?:_|$)/,
  mayMatch: holdsAny(['PASS', 'CREDENTIAL', 'AUTH']),
};
// Whole families of credentials (cloud accounts, agents that sign as the user).
const SECRET_PREFIXES = ['AWS_', 'AZURE_', 'ARM_CLIENT', 'GOOGLE_APPLICATION_CREDENTIALS', 'GCLOUD_', 'CLOUDSDK_AUTH', 'DIGITALOCEAN_', 'HCLOUD_', 'VAULT_', 'DOCKER_AUTH', 'SSH_AUTH_SOCK', 'GPG_AGENT_INFO', 'GNUPGHOME', 'KUBECONFIG', 'TF_VAR_', 'OP_SERVICE_ACCOUNT', 'SNOWFLAKE_', 'TWINE_', 'GH_ENTERPRISE_', 'CI_JOB_JWT'];
// Harmless names that look like secrets.
const NOT_SECRET = new Set(['PASSWORD_STORE_DIR', 'PASSWORD_STORE_KEY']);
// A value that carries a password: scheme://user:password@host, also with no user (`redis://:pw@h`,
// Redis's own form; red team H6).
const PASSWORD_URL: GuardedPattern = { pattern: /[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:[^/\s@]+@/i, mayMatch: holdsAny(['://']) };
// The user part of a URL (`https://ghp_x@github.com`): a token there is the password.
// (Global: used by matchAll only, behind the same guard.)
const URL_USER: GuardedPattern = { pattern: /[a-z][a-z0-9+.-]*:\/\/([^/\s:@]+)@/gi, mayMatch: holdsAny(['://']) };
// A value that is a key: a PEM block (any spelling of its armour), a token of a known issuer (Stripe,
// GitHub, GitLab, Slack, AWS, Google, OpenAI-style `sk-`) anywhere in the value, or a JWT.
const KEY_VALUE: GuardedPattern = {
  pattern: /-----BEGIN|(?:^|[^A-Za-z0-9])(?:[sr]k_(?:live|test)_|gh[pousr]_[A-Za-z0-9]|github_pat_|glpat-|xox[abeprs]-|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{20}|sk-[A-Za-z0-9_-]{20}|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.)/,
  mayMatch: holdsAny(['-----BEGIN', 'k_live_', 'k_test_', 'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_', 'glpat-', 'xox', 'AKIA', 'ASIA', 'AIza', 'sk-', 'eyJ']),
};
// A password field inside a value: a connection string (`Server=x;Password=hunter2;`), JSON or a query
// string (`{"password":"hunter2"}`, `?token=...`).
// Azure's connection strings and SAS URLs too (`AccountKey=`, `SharedAccessKey=`, `sig=`; red team R5-4).
// (Its guard lower-cases: without the u flag, /i matches an ASCII letter by ASCII letters only.)
const PASSWORD_FIELD_WORDS = holdsAny(['pass', 'pwd', 'secret', 'token', 'api', 'account', 'shared', 'sig']);
const PASSWORD_FIELD: GuardedPattern = {
  pattern: /(?:^|[^A-Za-z0-9])["']?(?:password|passwd|pwd|passphrase|secret|client_secret|token|access_token|api[_-]?key|account_?key|shared_?access_?key|sig)["']?\s*[=:]\s*["']?[^\s"';,}&]/i,
  mayMatch: (text) => (text.includes('=') || text.includes(':')) && PASSWORD_FIELD_WORDS(text.toLowerCase()),
};
// Red team R5-4: an HTTP credential (`Basic dXNlcjpwdw==`, `Bearer x`), a webhook URL that is its own
// secret (Slack, Discord, Teams), a Telegram bot token (`123456789:AA...`, also in its API URL).
const CREDENTIAL_HINTS = holdsAny(['Basic', 'Bearer', 'Token', 'hooks.slack.com/', 'discord', '.webhook.office.com/', 'api.telegram.org/bot']);
const CREDENTIAL_VALUE: GuardedPattern = {
  pattern: /\b(?:Basic|Bearer|Token)\s+[A-Za-z0-9+/=._~-]{8,}|hooks\.slack\.com\/(?:services|workflows)\/|discord(?:app)?\.com\/api\/webhooks\/|\.webhook\.office\.com\/|api\.telegram\.org\/bot|(?:^|[^0-9])[0-9]{8,10}:[A-Za-z0-9_-]{35}/,
  mayMatch: (text) => CREDENTIAL_HINTS(text) || digitBeforeColon(text),
};

// Does a digit come right before a `:` (the Telegram bot token's `123456789:AA…`)?
function digitBeforeColon(text: string): boolean {
  for (let at = text.indexOf(':', 1); at !== -1; at = text.indexOf(':', at + 1)) {
    const before = text.charCodeAt(at - 1);
    if (before >= 48 && before <= 57) return true;
  }
  return false;
}
// A URL's user part long enough to be a key (a Sentry DSN `https://<32 hex>@o1.ingest.sentry.io/2`).
const KEY_USER = /^[A-Za-z0-9_-]{16,}$/;

// A long random-looking token: 32+ characters of a token alphabet, upper and lower case and digits, about
// 4 bits of entropy per character or more (hex digests, UUIDs and words stay: they lack a class or entropy).
function looksRandom(value: string): boolean {
  if (value.length < 32 || value.length > 4096 || value.startsWith('/') || !/^[A-Za-z0-9+/=_.~-]+$/.test(value)) return false;
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/[0-9]/.test(value)) return false;
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) entropy -= (count / value.length) * Math.log2(count / value.length);
  return entropy >= 4;
}

// Why a value is a secret whatever its name, if it is.
export function secretValueShape(value: string): 'password-url' | 'key' | 'token' | undefined {
  // A percent-encoded value is judged decoded too (`%2D%2D%2D%2D%2DBEGIN`).
  const decoded = percentDecoded(value);
  return shapeOf(value) ?? (decoded === value ? undefined : shapeOf(decoded));
}

function percentDecoded(value: string): string {
  try {
    return value.includes('%') ? decodeURIComponent(value) : value;
  } catch {
    return value.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}

function shapeOf(value: string): 'password-url' | 'key' | 'token' | undefined {
  if (passes(PASSWORD_URL, value) || passes(PASSWORD_FIELD, value)) return 'password-url';
  if (URL_USER.mayMatch(value) && [...value.matchAll(URL_USER.pattern)].some(([, user]) => passes(KEY_VALUE, user!) || KEY_USER.test(user!) || looksRandom(user!))) return 'password-url';
  if (passes(KEY_VALUE, value) || passes(CREDENTIAL_VALUE, value)) return 'key';
  return looksRandom(value) ? 'token' : undefined;
}

// Is this variable a secret a process must not see unless the user names it?
export function isSecretVariable(name: string, value: string | undefined): boolean {
  const upper = name.toUpperCase();
  if (isCodewardSecret(upper)) return true;
  if (NOT_SECRET.has(upper)) return false;
  if (SECRET_PREFIXES.some((prefix) => upper.startsWith(prefix)) || passes(SECRET_WORDS, upper) || passes(SECRET_SHORT, upper) || passes(SECRET_STEMS, upper)) return true;
  return value !== undefined && secretValueShape(value) !== undefined;
}

// codeward's own secrets: the provider keys it reads and every CODEWARD_* variable but the harmless ones.
export function isCodewardSecret(name: string): boolean {
  const upper = name.toUpperCase();
  if (PROVIDER_SECRET_VARIABLES.includes(upper)) return true;
  return upper.startsWith('CODEWARD_') && !HARMLESS_CODEWARD_VARIABLES.includes(upper);
}

// Every guarded pattern, for the test that each guard says yes wherever its pattern matches.
export const GUARDED_SECRET_PATTERNS: Readonly<Record<string, GuardedPattern>> = { SECRET_WORDS, SECRET_SHORT, SECRET_STEMS, PASSWORD_URL, URL_USER, KEY_VALUE, PASSWORD_FIELD, CREDENTIAL_VALUE };
