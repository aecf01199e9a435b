// A pattern written for an enclosing project folder, re-based to a workspace below it (red team R9-9). A
// repository's `.codeward/config.json` glob `sub/keys/**` and its policy rule `@coder * sub/db/**` are
// written from the project's top; a session opened at `sub` (-C sub, cd sub, an MCP root, a worker's
// base_path) matches paths relative to `sub`, so the pattern is taken through the workspace's names below
// the top: `keys/**` and `db/**` there, `**/secret.sql` unchanged, `other/**` nothing. Unlike the user's
// globs (workspace/anchored.ts, whose anchor is unknown) the project's anchor is known: its own folder.
import picomatch from './picomatch.js';

// What the pattern says at the workspace: a pattern (`rest`), the whole workspace (`covers`), or nothing.
export type Rebased = { readonly rest: string } | { readonly covers: true } | undefined;

const OPTIONS = { dot: true, windows: false } as const;

// Takes the workspace's names (`below`, its path under the project top) off the pattern's first names.
// `folders`: a pattern that names a folder holds for what it holds (a non-accessible glob, a rule's literal
// prefix); a rule's glob matches the path it names only.
function throughNames(names: readonly string[], below: readonly string[], matches: (name: string, pattern: string) => boolean, folders: boolean): { rest: string[] } | { covers: true } | undefined {
  for (let at = 0; at < below.length; at += 1) {
    const name = names[at];
    // The pattern ends above the workspace.
    if (name === undefined) return folders ? { covers: true } : undefined;
    // `**` stands for any number of the workspace's names: what follows holds at any depth.
    if (name.includes('**')) return names.slice(at).every((part) => part === '**') ? { covers: true } : { rest: names.slice(at) };
    if (!matches(below[at]!, name)) return undefined;
  }
  const rest = names.slice(below.length);
  if (rest.length === 0) return folders ? { covers: true } : undefined;
  return rest.every((part) => part === '**') ? { covers: true } : { rest };
}

// A non-accessible glob (picomatch syntax, matched from the project top).
export function rebaseGlob(glob: string, below: readonly string[]): Rebased {
  if (below.length === 0 || glob.startsWith('**/') || glob.startsWith('!')) return { rest: glob };
  const parts = picomatch.scan(glob.replace(/^\/+/, ''), { parts: true }).parts ?? [glob];
  const names = parts.filter((part) => part !== '' && part !== '.');
  const found = throughNames(names, below, (name, pattern) => picomatch.isMatch(name, pattern, OPTIONS), true);
  return found && ('covers' in found ? found : { rest: found.rest.join('/') });
}

// One name of a rule's path pattern (permissions/pattern.ts: `*` and `?` inside one name, `\` escapes).
function nameMatches(name: string, pattern: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) source += pattern[++i]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else source += ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`).test(name);
}

const hasWildcard = (pattern: string): boolean => /(^|[^\\])[*?]/.test(pattern);

// The path part of a policy rule (`sub/db/**`, `/sub/x.sql`, `sub/db` as a prefix, `*.sql` at any depth).
export function rebaseRulePath(path: string, below: readonly string[]): Rebased {
  if (below.length === 0) return { rest: path };
  const glob = hasWildcard(path);
  const anchored = path.startsWith('/');
  const body = path.replace(/^\/+/, '').replace(/^(\.\/)+/, '');
  // A glob without a slash matches the name at any depth: the same below.
  if (glob && !anchored && !body.includes('/')) return { rest: path };
  const names = body.split('/').filter((name) => name !== '' && name !== '.');
  const found = throughNames(names, below, glob ? nameMatches : (name, pattern) => name === pattern.replace(/\\(.)/g, '$1'), !glob);
  if (found === undefined || 'covers' in found) return found;
  // A glob's rest keeps its anchor at the workspace root (`*.sql` left of `sub/*.sql` must not become a
  // name at any depth: `/*.sql`).
  const rest = found.rest.join('/');
  return { rest: glob && !rest.includes('/') ? `/${rest}` : rest };
}
