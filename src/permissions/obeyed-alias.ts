import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isInside, toRel } from '../workspace/contains.js';
import { isObeyedLater, OBEYED_CATALOGUE, type ObeyedAlias, type ObeyedContext } from './obeyed.js';

// The write gate judges a path by every name that reaches it (red team H1 of issue 26): with `.cargo`
// a symlink to `c`, `c/config.toml` IS `.cargo/config.toml`, which cargo obeys; with `.github -> gh`,
// `gh/workflows/x.yml` is a CI workflow. A symlink of the workspace whose own path, or whose path joined
// with the rest of a protected pattern (`.cargo` + `config.toml`, `tools` + `fsm.sh` of a configured
// `tools/fsm.sh`), is protected makes the real path it reaches protected under that name
// (`ObeyedContext.aliases`, matched by isObeyedLater). One walk finds them for every writer that takes
// the gate's context (permissions/obeyed-context.ts): the file tools, move, undo/redo and a staged
// run's plan; a staged run that CREATES such a symlink has it set aside (`linkReaches`, shell/stage/plan.ts).
//
// The walk (obeyed-repos.ts scanWorkspace) lists folders only (no stat per file: a symlink is known from
// its folder entry), through the jail's descriptors and cached by folder identity (workspace/listings.ts);
// links in `node_modules` and in the object stores of git folders are not judged. A symlink inside `.git`
// is: `.git/hooks/pre-commit -> ../../x.sh` makes `x.sh` the hook.

// Links followed by hand while resolving a path whose end does not exist yet (the kernel's limit).
const MAX_LINKS = 40;

// Literal catalogue patterns as lower-case names (a wildcard pattern is one name: only the link's own).
const PATTERNS: readonly (readonly string[])[] = OBEYED_CATALOGUE.filter((entry) => !entry.pattern.includes('*')).map((entry) => entry.pattern.toLowerCase().split('/'));

// What is protected at or below `rel` when it stands for a folder: '' when `rel` itself is, else the rests
// that complete a protected pattern (`.github` -> `workflows`, `actions`, ...; `x/.cargo` -> `config.toml`).
export function obeyedBelow(rel: string, ctx?: ObeyedContext): string[] {
  if (isObeyedLater(rel, ctx)) return [''];
  const names = rel.toLowerCase().split('/').filter((name) => name !== '' && name !== '.');
  const rests = new Set<string>();
  for (const pattern of PATTERNS) {
    for (let take = 1; take < pattern.length && take <= names.length; take++) {
      if (pattern.slice(0, take).every((name, j) => names[names.length - take + j] === name)) rests.add(pattern.slice(take).join('/'));
    }
  }
  const lower = names.join('/');
  for (const configured of ctx?.gitPaths ?? []) {
    if (configured.toLowerCase().startsWith(`${lower}/`)) rests.add(configured.slice(lower.length + 1));
  }
  return [...rests];
}

// A symlink at `rel` (created, moved or renamed there) would make a protected name reach its target:
// the protected path it would be, or undefined.
export function linkReaches(rel: string, ctx?: ObeyedContext): string | undefined {
  const rest = obeyedBelow(rel, ctx)[0];
  return rest === undefined ? undefined : rest === '' ? rel : `${rel}/${rest}`;
}

// The real path of `path`, as far as it exists; a missing end is taken as spelled, a dangling link
// followed (a write through `.cargo -> c` creates `c`).
function realish(path: string, links = 0): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return path;
    const above = realish(parent, links);
    const here = join(above, basename(path));
    if (links >= MAX_LINKS) return here;
    try {
      return realish(resolve(above, readlinkSync(here)), links + 1);
    } catch {
      return here;
    }
  }
}

function aliasesOf(base: string, link: string, ctx: ObeyedContext): ObeyedAlias[] {
  const found: ObeyedAlias[] = [];
  for (const rest of obeyedBelow(link, ctx)) {
    const name = rest === '' ? link : `${link}/${rest}`;
    const target = realish(join(base, name));
    const obeyed = isObeyedLater(name, ctx);
    // A link to the workspace root itself (`.claude -> .`) makes every file of it the protected folder's
    // (path '.': isObeyedLater matches every path).
    if (obeyed !== undefined && isInside(base, target)) found.push({ path: toRel(base, target).toLowerCase(), name, obeyed });
  }
  return found;
}

// Every real path a protected name reaches through one of the workspace's symlinks (`links`, relative to
// `base`, the workspace's real path; found by the walk of obeyed-repos.ts), workspace-relative, lower case,
// with the name and what obeys it.
export function aliasesFor(base: string, links: readonly string[], ctx: ObeyedContext): ObeyedAlias[] {
  return links.flatMap((link) => aliasesOf(base, link, ctx));
}

// A symlink moved from `from` to `to` (workspace-relative) in the workspace `ctx`: the protected path it
// would make a name of its target, under either name (an existing one removed, a new one made), or
// undefined. Not a symlink (lstat, never followed): undefined.
export function movedLink(ctx: { readonly workspace: { readonly root: string } }, from: string, to: string, git?: ObeyedContext): string | undefined {
  try {
    if (!lstatSync(join(ctx.workspace.root, from)).isSymbolicLink()) return undefined;
  } catch {
    return undefined;
  }
  return linkReaches(to, git) ?? linkReaches(from, git);
}
