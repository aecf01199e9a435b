import { lstatQuiet } from '../files/stat-quiet.js';
import { withoutSecrets } from '../git/config-secrets.js';
import { readGitMetadata } from '../git/config-read.js';
import { isSecretVariable } from '../engine/secret-variables.js';

// Whether a text, or a file shown to a reader, looks secret (git-identity.ts's rules for the sandbox's clean
// copies): apart from the copies, so a call that only asks whether a home file may be shown as it is (the
// reader's home view: home-shown.ts, home-secret-vars.ts, secret-scripts.ts) loads no copy writer (issue 31).

const SECRET_WORD = /\b(?:token|password|passwd|secret|credentials?)\b/i;

// Whether any part of a text (code, or a format no line filter reads for sure) looks secret: an assignment
// anywhere on a line (`typeset -x`, `set -a; X=`, a `\`-continued name) whose name or value is a secret, a
// bearer or Authorization header, a URL with a password (red team R8-5).
const ANY_ASSIGNMENT = /([A-Za-z_][A-Za-z0-9_]*)\s*=\s*("[^"\n]*"|'[^'\n]*'|[^\s;]*)/g;
const SECRET_SPELLING = /\bbearer\s|\bauthorization\s*:|:\/\/[^\s/:@]+:[^\s/@]+@/i;
// A password given as a program's argument (round 11: `alias deploy='curl -u admin:PW ...'` in .bashrc,
// `mysql -u root -pPASSWORD` in a ~/.local/bin script): curl's -u/--user USER:PASSWORD, a --password VALUE,
// mysql's -pVALUE (a bare -p asks), sshpass -p; and an option or setting named like a secret with a quoted
// value and no `=` (tmux's `set -g @token '...'`).
const SECRET_ARGUMENT = /\bcurl\b[^\n]*?\s(?:-u|--user)(?:\s+|=)["']?[^\s"':]+:[^\s"'@$][^\s"'@]*|\s--(?:http-)?password(?:\s+|=)["']?[^\s"'$-]|\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n]*?\s-p["']?[^\s"'$]|\bsshpass\s+-p\s*[^\s"'$]/;
const SECRET_OPTION = /(?:token|secret|passw(?:or)?d|api[_-]?key)[\w.-]*\s+(["'])[^"'\s$]{6,}\1/i;
export function looksSecret(text: string): boolean {
  const joined = text.replace(/\\\r?\n/g, '');
  if (SECRET_SPELLING.test(joined) || SECRET_ARGUMENT.test(joined) || SECRET_OPTION.test(joined)) return true;
  for (const [, name, value] of joined.matchAll(ANY_ASSIGNMENT)) if (isSecretVariable(name!, value!.replace(/^(["'])(.*)\1$/, '$2'))) return true;
  return false;
}

// A file's copy: undefined to show it as it is, null to hide it whole, else the text of a clean copy.
export type Cleaner = (text: string) => string | null | undefined;

// TOML's basic-string escapes decoded (`"\u0074oken" = ...` is the key `token`, red team R9-1), so the scan
// reads what cargo reads; a quoted key that still holds a backslash escape hides the file too.
const TOML_ESCAPE = /\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))/g;
const ESCAPED_KEY = /(?:^|[{,.])\s*"[^"\n]*\\[^"\n]*"\s*[=.]|^\s*\[[^\n\]]*\\/m;
const SIMPLE: Readonly<Record<string, string>> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', e: '\x1b' };
const tomlDecoded = (text: string): string =>
  text.replace(TOML_ESCAPE, (all, four?: string, eight?: string, one?: string) => {
    const code = Number.parseInt(four ?? eight ?? '', 16);
    if (!Number.isNaN(code)) return code <= 0x10ffff ? String.fromCodePoint(code) : all;
    return SIMPLE[one!] ?? one!;
  });
export const tomlCopy: Cleaner = (text) => {
  const decoded = tomlDecoded(text);
  return ESCAPED_KEY.test(text) || SECRET_WORD.test(decoded) || looksSecret(text) || looksSecret(decoded) ? null : undefined;
};

// Files read at most (a larger one is hidden whole).
export const MAX_CONFIG_BYTES = 1024 * 1024;

// Whether `path` cannot be shown as it is to a reader (a home workspace's start-up file or cargo config, a
// file a location variable names): a missing path can; anything but a regular file of at most 1 MiB cannot,
// nor one where something looks secret (git syntax: a credential line; cargo's TOML: tomlCopy; any other
// text: an assignment, header or URL that looks secret).
export function hiddenWhole(path: string, format: 'git' | 'toml' | 'text'): boolean {
  const text = readGitMetadata(path, MAX_CONFIG_BYTES);
  if (text === undefined) return lstatQuiet(path) !== undefined;
  if (format === 'toml') return tomlCopy(text) !== undefined;
  return (format === 'git' && withoutSecrets(text) !== undefined) || looksSecret(text);
}
