import { sha256Hex } from '../text/sha256.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { withoutSecrets } from '../git/config-secrets.js';
import { readGitMetadata } from '../git/config-read.js';
import { isSecretVariable } from '../engine/secret-variables.js';
import { looksSecret, MAX_CONFIG_BYTES, tomlCopy, type Cleaner } from './secret-text.js';
import { KeptCleanConfigs } from './clean-configs-kept.js';

// The user's git config is readable in the sandbox (git needs user.name and the user's settings), but
// it can hold credentials: an `http.extraHeader` with a bearer token, a `url.<https://TOKEN@host/>`
// rewrite, a credential helper's password. A copy without them (git/config-secrets.ts, the same filter
// as the workspace repository's own config files) is shown in its place.
export { withoutSecrets };
// What home-shown.ts and secret-scripts.ts use of the same rules (secret-text.ts: no clean copies, kept decisions or
// hashing loaded on a call that shows none).
export { hiddenWhole, looksSecret } from './secret-text.js';

// (Git's system config /etc/gitconfig too, red team R6-8.)
const GIT_CONFIG_NAMES = new Set(['.gitconfig', 'gitconfig', 'config']);
// Cargo's config (TOML: inline tables, quoted keys and multi-line strings are no git syntax, red team R8-4)
// is shown only when nothing in it looks secret, else hidden whole.
const TOML_NAMES = new Set(['config.toml']);
// Files of /etc a login shell or a session reads variables from (/etc/environment, environment.d, profile.d):
// an assignment whose name or value is a secret (engine/secret-variables.ts) is left out of their copy.
const ENVIRONMENT_FILE = /^\/etc\/(?:environment|environment\.d\/[^/]+|profile\.d\/[^/]+)$/;
const ASSIGNMENT = /^\s*(?:export\s+|setenv\s+)?([A-Za-z_][A-Za-z0-9_]*)(?:=|\s+)(.*)$/;

// The file without its secret assignments; undefined when it has none.
export function withoutSecretAssignments(text: string): string | undefined {
  const lines = text.split('\n');
  const kept = lines.filter((line) => {
    const [, name, value] = ASSIGNMENT.exec(line) ?? [];
    return name === undefined || !isSecretVariable(name, value!.trim().replace(/^(["'])(.*)\1;?$/, '$2'));
  });
  return kept.length === lines.length ? undefined : `${kept.join('\n')}\n`;
}

// A clean copy of `path` (its text `clean`) in `dir`, to bind in its place; null when none can be written.
export function cleanCopy(path: string, clean: string, dir: string | undefined): string | null {
  if (!dir) return null;
  try {
    const folder = join(dir, 'sandbox-gitconfig');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const copy = join(folder, sha256Hex(`${path}${clean}`).slice(0, 24));
    // Named by its content: one made before (by this user, the size it must have) is that content.
    const made = lstatQuiet(copy);
    if (made?.isFile() && made.uid === process.getuid?.() && made.size === Buffer.byteLength(clean)) return copy;
    writeFileSync(copy, clean, { mode: 0o600 });
    return copy;
  } catch {
    return null;
  }
}

// An /etc environment file is shell code (profile.d): its secret assignment lines are left out, and when
// anything secret-looking is left (a spelling no line filter reads), it is hidden whole.
const environmentCopy: Cleaner = (text) => {
  const clean = withoutSecretAssignments(text);
  return looksSecret(clean ?? text) ? null : clean;
};
function cleanerOf(path: string): Cleaner | undefined {
  if (ENVIRONMENT_FILE.test(path)) return environmentCopy;
  // cargo reads its legacy `config` (no extension) as TOML too (red team R9-11): a cargo folder's config is TOML.
  if (TOML_NAMES.has(basename(path)) || (basename(path) === 'config' && basename(dirname(path)) === '.cargo')) return tomlCopy;
  return GIT_CONFIG_NAMES.has(basename(path)) ? withoutSecrets : undefined;
}

// For each readable git config, cargo config or /etc environment file that holds a secret: a clean copy in
// `dir` to bind in its place (null when it is hidden whole or no copy can be written: then it is not shown).
// `kept`: where the decisions are kept between processes (clean-configs-kept.ts), a file no sandboxed process can write.
export function cleanGitConfigs(readable: readonly string[], dir: string | undefined, kept?: string): Map<string, string | null> {
  const substitutes = new Map<string, string | null>();
  const known = new KeptCleanConfigs(kept, dir);
  for (const path of readable) {
    const cleaner = cleanerOf(path);
    if (!cleaner) continue;
    const stamp = known.stampOf(path);
    const recalled = known.recall(path, stamp);
    const { decision, keep } = recalled ? { ...recalled, keep: false } : decide(path, cleaner, dir);
    if (keep) known.keep(path, stamp, decision);
    if (decision !== false) substitutes.set(path, decision);
  }
  known.save();
  return substitutes;
}

// One file's substitute: false to show it as it is, null to hide it, else its clean copy; `keep`: whether the
// decision is the file's own (a copy that could not be written this time hides the file, but is not kept).
function decide(path: string, cleaner: Cleaner, dir: string | undefined): { decision: string | null | false; keep: boolean } {
  // Regular files only, size-capped (a shown folder may be a workspace's: CARGO_HOME inside it); a FIFO, a
  // device or an oversized file there is hidden whole instead of read.
  const text = readGitMetadata(path, MAX_CONFIG_BYTES);
  if (text === undefined) return { decision: lstatQuiet(path) === undefined ? false : null, keep: true };
  const clean = cleaner(text);
  if (clean === undefined || clean === null) return { decision: clean === undefined ? false : null, keep: true };
  const copy = cleanCopy(path, clean, dir);
  return { decision: copy, keep: copy !== null };
}
