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

// Two guards (issue 31): a name can match SECRET_WORDS or SECRET_STEMS only if mayBeSecretName says yes, a value
// can match PASSWORD_URL, URL_USER, PASSWORD_FIELD, KEY_VALUE or CREDENTIAL_VALUE only if mayBeSecretValue does:
// each holds a literal of which every match holds one. The patterns run only then, so a cold call does not
// compile the patterns a plain environment never needs (3-5 ms of a cold exec). A guard may say yes where the
// patterns say no, never the reverse: test/shell/secret-variable-guards.test.ts checks them. (SECRET_SHORT has
// none: PATH and PWD hold PAT and PW.)
const holdsAny = (hints: string) => (text: string): boolean => hints.split(' ').some((hint) => text.includes(hint));
const mayBeSecretName = holdsAny('TOKEN SECRET PASS KEY CRED AUTH COOKIE DSN CONN DATABASE WEBHOOK');
// URLs, the words of KEY_VALUE, CREDENTIAL_VALUE (its Discord and Telegram URLs hold `api`) and PASSWORD_FIELD,
// all lower-cased (PASSWORD_FIELD is /i, which without the u flag matches an ASCII letter by ASCII letters only),
// or a digit before `:` (a Telegram bot token).
const VALUE_HINTS = holdsAny(':// ----- k_live_ k_test_ gh github_pat_ glpat- xox akia asia aiza sk- eyj basic bearer token slack office pass pwd secret api account shared sig');
const mayBeSecretValue = (text: string): boolean => /[0-9]:/.test(text) || VALUE_HINTS(text.toLowerCase());

// Name parts that mark a secret (whole `_`-separated words, or words ending so: GITLAB_PRIVATETOKEN,
// npm's `…:_authToken`; TOKENIZERS_PARALLELISM is no token).
const SECRET_WORDS = /(?:^|_)(?:[A-Z0-9]*(?:TOKEN|SECRET|PASSWORD|PASSWD|APIKEY|PASSPHRASE|CREDENTIAL)S?|API_?KEYS?|KEYS?|PASS|CREDS|PRIVATE_?KEY|ACCESS_?KEY(?:_?ID)?|AUTH|COOKIES?|DSN|CONN(?:ECTION)?_?STR(?:ING)?|DATABASE_?URL|WEBHOOK(?:_?URL)?)(?:_|$)/;
// Short spellings: MYSQL_PWD, REDIS_PW, GH_PAT (a personal access token), STRIPE_SK (a secret key),
// PGPASS; not the shell's own PWD/OLDPWD.
// JWT and BEARER (red team H6): a token by its kind.
const SECRET_SHORT = /(?:^|_)(?:PW|PAT|SK|PGPASS|JWT|BEARER)(?:_|$)|_PWD(?:_|$)/;
// Word beginnings (issue 26): *_PASS* (DB_PASSCODE, SMTP_PASSWD; not PASSENGER_*), *_CREDENTIAL*,
// *_AUTH* (NPM_AUTHTOKEN, X_AUTH_HEADER; not GIT_AUTHOR_NAME, CERT_AUTHORITY).
const SECRET_STEMS = /(?:^|_)(?:PASS(?!ENGER)|[A-Z0-9]*CREDENTIAL|AUTH(?!OR))[A-Z0-9]*(?:_|$)/;
// Whole families of credentials (cloud accounts, agents that sign as the user).
const SECRET_PREFIXES = ['AWS_', 'AZURE_', 'ARM_CLIENT', 'GOOGLE_APPLICATION_CREDENTIALS', 'GCLOUD_', 'CLOUDSDK_AUTH', 'DIGITALOCEAN_', 'HCLOUD_', 'VAULT_', 'DOCKER_AUTH', 'SSH_AUTH_SOCK', 'GPG_AGENT_INFO', 'GNUPGHOME', 'KUBECONFIG', 'TF_VAR_', 'OP_SERVICE_ACCOUNT', 'SNOWFLAKE_', 'TWINE_', 'GH_ENTERPRISE_', 'CI_JOB_JWT'];
// Harmless names that look like secrets.
const NOT_SECRET = new Set(['PASSWORD_STORE_DIR', 'PASSWORD_STORE_KEY']);
// A value that carries a password: scheme://user:password@host, also with no user (`redis://:pw@h`,
// Redis's own form; red team H6).
const PASSWORD_URL = /[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:[^/\s@]+@/i;
// The user part of a URL (`https://ghp_x@github.com`): a token there is the password.
const URL_USER = /[a-z][a-z0-9+.-]*:\/\/([^/\s:@]+)@/gi;
// A value that is a key: a PEM block (any spelling of its armour), a token of a known issuer (Stripe,
// GitHub, GitLab, Slack, AWS, Google, OpenAI-style `sk-`) anywhere in the value, or a JWT.
const KEY_VALUE = /-----BEGIN|(?:^|[^A-Za-z0-9])(?:[sr]k_(?:live|test)_|gh[pousr]_[A-Za-z0-9]|github_pat_|glpat-|xox[abeprs]-|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{20}|sk-[A-Za-z0-9_-]{20}|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.)/;
// A password field inside a value: a connection string (`Server=x;Password=hunter2;`), JSON or a query
// string (`{"password":"hunter2"}`, `?token=...`).
// Azure's connection strings and SAS URLs too (`AccountKey=`, `SharedAccessKey=`, `sig=`; red team R5-4).
const PASSWORD_FIELD = /(?:^|[^A-Za-z0-9])["']?(?:password|passwd|pwd|passphrase|secret|client_secret|token|access_token|api[_-]?key|account_?key|shared_?access_?key|sig)["']?\s*[=:]\s*["']?[^\s"';,}&]/i;
// Red team R5-4: an HTTP credential (`Basic dXNlcjpwdw==`, `Bearer x`), a webhook URL that is its own
// secret (Slack, Discord, Teams), a Telegram bot token (`123456789:AA...`, also in its API URL).
const CREDENTIAL_VALUE = /\b(?:Basic|Bearer|Token)\s+[A-Za-z0-9+/=._~-]{8,}|hooks\.slack\.com\/(?:services|workflows)\/|discord(?:app)?\.com\/api\/webhooks\/|\.webhook\.office\.com\/|api\.telegram\.org\/bot|(?:^|[^0-9])[0-9]{8,10}:[A-Za-z0-9_-]{35}/;
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
  if (!mayBeSecretValue(value)) return looksRandom(value) ? 'token' : undefined;
  if (PASSWORD_URL.test(value) || PASSWORD_FIELD.test(value)) return 'password-url';
  if ([...value.matchAll(URL_USER)].some(([, user]) => KEY_VALUE.test(user!) || KEY_USER.test(user!) || looksRandom(user!))) return 'password-url';
  if (KEY_VALUE.test(value) || CREDENTIAL_VALUE.test(value)) return 'key';
  return looksRandom(value) ? 'token' : undefined;
}

// Is this variable a secret a process must not see unless the user names it?
export function isSecretVariable(name: string, value: string | undefined): boolean {
  const upper = name.toUpperCase();
  if (isCodewardSecret(upper)) return true;
  if (NOT_SECRET.has(upper)) return false;
  if (SECRET_PREFIXES.some((prefix) => upper.startsWith(prefix)) || SECRET_SHORT.test(upper) || (mayBeSecretName(upper) && (SECRET_WORDS.test(upper) || SECRET_STEMS.test(upper)))) return true;
  return value !== undefined && secretValueShape(value) !== undefined;
}

// codeward's own secrets: the provider keys it reads and every CODEWARD_* variable but the harmless ones.
export function isCodewardSecret(name: string): boolean {
  const upper = name.toUpperCase();
  if (PROVIDER_SECRET_VARIABLES.includes(upper)) return true;
  return upper.startsWith('CODEWARD_') && !HARMLESS_CODEWARD_VARIABLES.includes(upper);
}

// Each pattern with its guard, for the test that the guard says yes wherever the pattern matches.
export const GUARDED_SECRET_PATTERNS: Readonly<Record<string, readonly [RegExp, (text: string) => boolean]>> = {
  SECRET_WORDS: [SECRET_WORDS, mayBeSecretName],
  SECRET_STEMS: [SECRET_STEMS, mayBeSecretName],
  PASSWORD_URL: [PASSWORD_URL, mayBeSecretValue],
  URL_USER: [URL_USER, mayBeSecretValue],
  KEY_VALUE: [KEY_VALUE, mayBeSecretValue],
  PASSWORD_FIELD: [PASSWORD_FIELD, mayBeSecretValue],
  CREDENTIAL_VALUE: [CREDENTIAL_VALUE, mayBeSecretValue],
};
