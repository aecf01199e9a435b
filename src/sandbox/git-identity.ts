import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

// The user's git config is readable in the sandbox (git needs user.name and the user's settings), but
// it can hold credentials: an `http.extraHeader` with a bearer token, a `url.<https://TOKEN@host/>`
// rewrite, a credential helper's password. Such lines are left out of a copy made for the sandbox.

// (Cargo's config can hold a registry token the same way.)
const GIT_CONFIG_NAMES = new Set(['.gitconfig', 'config', 'config.toml']);
const SECRET_LINE = /extraheader|password|passwd|token|secret|bearer|authorization|oauth|:\/\/[^\s/@"]+@|\[\s*credential\b|^\s*helper\s*=/i;

// The config without its secret lines; undefined when it has none.
export function withoutSecrets(text: string): string | undefined {
  const lines = text.split('\n');
  const kept = lines.filter((line) => !SECRET_LINE.test(line));
  return kept.length === lines.length ? undefined : `${kept.join('\n')}\n`;
}

// For each readable git config that holds a secret: a clean copy in `dir` to bind in its place (null
// when no copy can be written: then it is not shown at all).
export function cleanGitConfigs(readable: readonly string[], dir: string | undefined): Map<string, string | null> {
  const substitutes = new Map<string, string | null>();
  for (const path of readable) {
    if (!GIT_CONFIG_NAMES.has(basename(path))) continue;
    let clean: string | undefined;
    try {
      clean = withoutSecrets(readFileSync(path, 'utf8'));
    } catch {
      continue;
    }
    if (clean === undefined) continue;
    if (!dir) {
      substitutes.set(path, null);
      continue;
    }
    try {
      const folder = join(dir, 'sandbox-gitconfig');
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const copy = join(folder, createHash('sha256').update(path).update(clean).digest('hex').slice(0, 24));
      writeFileSync(copy, clean, { mode: 0o600 });
      substitutes.set(path, copy);
    } catch {
      substitutes.set(path, null);
    }
  }
  return substitutes;
}
