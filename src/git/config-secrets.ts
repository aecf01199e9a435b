import { basename, dirname, join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { metadataText } from './config-read.js';
import { gitFolderShaped, shapeKind } from './git-folder-shape.js';

// Credentials a git configuration can hold (red team round 5, R5-9): a token in a remote URL
// (`https://x:ghp_…@github.com/o/r`, also in a `[url "…"]` header), `http.extraHeader = AUTHORIZATION:
// basic …` as actions/checkout writes it (`[http "https://github.com/"] extraheader`), a credential
// helper with the secret inline, password/token keys. The one filter for every copy codeward shows
// instead of such a file: the sandbox's ~/.gitconfig (git-identity.ts) and the workspace repository's
// own config files (sandbox: a filtered copy mounted over them; read jail: refused raw).

// A key that holds or hands out a secret; a value that is one (a header's credentials, a token shape).
const SECRET_KEY = /^\s*[\w.-]*(?:extraheader|password|passwd|pass|token|secret|oauth|helper|apikey|api-key)[\w.-]*\s*(?:=|$)/i;
const SECRET_VALUE = /authorization\s*:|\bbearer\s+\S|\bbasic\s+[a-z0-9+/=]{8,}|\b(?:ghp|gho|ghu|ghs|ghr)_[a-z0-9]{8,}|github_pat_|glpat-|xox[abprs]-/i;
// A section that is all credentials (`[credential]`, `[credential "https://…"]`): left out whole.
const SECRET_SECTION = /^\s*\[\s*credential\b/i;
const SECTION = /^\s*\[/;
// The user-info part of a URL (`scheme://user:pass@`, `scheme://TOKEN@`).
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@"]+@/gi;

// A config's logical lines: a value continued with a trailing backslash is one line.
function logicalLines(text: string): string[] {
  const groups: string[] = [];
  let current: string[] = [];
  for (const line of text.split('\n')) {
    current.push(line);
    if (!/\\\r?$/.test(line)) {
      groups.push(current.join('\n'));
      current = [];
    }
  }
  if (current.length > 0) groups.push(current.join('\n'));
  return groups;
}

// The config without its secrets: a URL's user-info removed (the remote stays, without the token), a
// secret key or value left out, a credential section left out whole; undefined when it holds none.
export function withoutSecrets(text: string): string | undefined {
  let changed = false;
  let inCredential = false;
  const kept: string[] = [];
  for (const line of logicalLines(text)) {
    const section = SECTION.test(line);
    if (section) inCredential = SECRET_SECTION.test(line);
    const clean = line.replace(URL_USERINFO, '$1');
    if (clean !== line) changed = true;
    if (inCredential || (!section && SECRET_KEY.test(clean)) || SECRET_VALUE.test(clean)) {
      changed = true;
      continue;
    }
    kept.push(clean);
  }
  return changed ? `${kept.join('\n').replace(/\n*$/, '')}\n` : undefined;
}

// Whether a folder is a git folder by shape (git-folder-shape.ts: HEAD and objects, or a linked worktree's commondir;
// links count, R44-a6).
const gitFolderShape = (folder: string): boolean => gitFolderShaped((name) => shapeKind(lstatQuiet(join(folder, name))));

// Whether `real` is a repository's own config file: `config` or `config.worktree` in a git folder
// (.git, .git/modules/…, .git/worktrees/…, a nested clone's, one not named .git).
export function isRepositoryConfig(real: string): boolean {
  // Every such name holds this text: most paths (listings test each one) are answered without basename().
  if (!real.includes('config')) return false;
  const name = basename(real);
  if (name !== 'config' && name !== 'config.worktree') return false;
  const folder = dirname(real);
  return folder.split('/').includes('.git') || gitFolderShape(folder);
}

// The filtered text of a repository config that holds a secret; undefined when it holds none (or is not one,
// or is absent). One too large to read (or a FIFO, a link loop) may hold one: nothing of it is shown (bounds23).
export function repositoryConfigSecrets(real: string): string | undefined {
  if (!isRepositoryConfig(real)) return undefined;
  const { text, unread } = metadataText(real, 1024 * 1024);
  if (unread !== undefined) return `# codeward: ${unread.replace(/\n/g, ' ')}, so none of it is shown here\n`;
  return text === undefined ? undefined : withoutSecrets(text);
}
