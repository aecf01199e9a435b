import { realpathSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { readGitMetadata } from './config-read.js';
import { repositoryOf } from './repository-of.js';

// The plain-text stores git's `store` credential helper keeps passwords in (red team round 11, R11-7: with
// `git config credential.helper 'store --file=.git/credentials'`, the CI and dotfiles pattern, read, search and
// `cat` printed the store's `https://user:token@host` lines: only the config files were hidden, not the file a
// config points to). Each `helper = store --file PATH` of the config files git loads names one; git's default
// store names (`.git-credentials`, `git/credentials`) are hidden by name (reader-hidden.ts CREDENTIAL_GLOBS).

const HELPER = /^\s*helper\s*=\s*(.*)$/gim;
const STORE_FILE = /^"?\s*store\b.*?--file(?:=|\s+)("[^"]*"|'[^']*'|[^\s"']+)/;

// The store files the `configs` (real paths of config files) name, as real paths where they exist (else as
// spelled, made absolute): `~/` from `home`, a relative path from the top of the repository holding the
// workspace `root` (git runs its helpers there: in a subfolder workspace `.git/creds` is the repository's,
// not a missing `sub/.git/creds` whose mount point made every sandboxed run fail), else from `root`.
export function credentialStoreFiles(configs: Iterable<string>, root: string, home: string | undefined): string[] {
  const found = new Set<string>();
  const top = repositoryOf(root)?.top ?? root;
  for (const config of configs) {
    const text = readGitMetadata(config, 1024 * 1024);
    if (text === undefined) continue;
    for (const [, value] of text.matchAll(HELPER)) {
      const spelled = STORE_FILE.exec(value!.trim())?.[1]?.replace(/^["']|["']$/g, '');
      if (!spelled) continue;
      const path = spelled.startsWith('~/') ? (home ? join(home, spelled.slice(2)) : undefined) : isAbsolute(spelled) ? spelled : join(top, spelled);
      if (path === undefined) continue;
      found.add(path);
      try {
        found.add(realpathSync.native(path));
      } catch {
        // not there yet (git creates it on the first stored password): hidden as spelled
      }
    }
  }
  return [...found];
}
