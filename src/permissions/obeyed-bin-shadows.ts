import { NODE_BIN_SHELLS, type Obeyed } from './obeyed.js';
import { shadowedNames } from './obeyed-env-path.js';

// Red team R33-4: npm, pnpm, yarn and bun run every package script with the package's `node_modules/.bin` (and each
// parent folder's) FIRST on PATH, and npm's script shell is the bare name `sh` looked up on that PATH
// (@npmcli/promise-spawn, @npmcli/run-script set-path.js). A file there named like a program of the person's PATH
// or a shell (`node_modules/.bin/sh`, `.bin/git`, `.bin/node`) runs in its place in the person's next `npm test`,
// outside any sandbox, whatever the script says. The ONE rule for such an entry, at any depth:
// - the write gate (obeyed.ts isObeyedLater): the shells are catalogue entries (NODE_BIN_SHELLS), the programs of
//   PATH come with the context (ObeyedContext.binShadow, obeyedContext): asked before a file tool writes one, moved
//   aside after a sandboxed run;
// - the reading of a package script run (shell/run-script-pm-config.ts): an existing one makes the run unread.
// An ordinary package bin (`.bin/vitest`, `.bin/tsc`, a link into a package a global install put on PATH too) is not
// one: an install writes hundreds, and a script means the package's bin by that name.

export const BIN_SHADOW_BY = 'npm, pnpm, yarn and bun scripts (node_modules/.bin is first on their PATH)';

// The names a file in node_modules/.bin would shadow: the shells, the everyday programs and the programs of `path`
// outside `roots` (links into a globally installed package left out: obeyed-env-path.ts).
export function binShadowNames(roots: readonly string[], path: string): ReadonlySet<string> {
  return new Set([...NODE_BIN_SHELLS, ...shadowedNames(roots, path, false)]);
}

// The name a path's `node_modules/.bin/NAME` part shadows (parts: the path's names), or undefined.
export function binShadowIn(parts: readonly string[], names: ReadonlySet<string>): string | undefined {
  for (let i = 2; i < parts.length; i++) {
    const name = parts[i]!;
    if (`${parts[i - 2]}/${parts[i - 1]}`.toLowerCase() === 'node_modules/.bin' && (names.has(name) || names.has(name.toLowerCase()))) return name;
  }
  return undefined;
}

// The context's judge (ObeyedContext.binShadow) for these names.
export function binShadowJudge(names: ReadonlySet<string>): (parts: readonly string[]) => Obeyed | undefined {
  return (parts) => {
    const name = binShadowIn(parts, names);
    return name === undefined ? undefined : { pattern: `node_modules/.bin/${name}`, family: 'package-manager', by: BIN_SHADOW_BY, why: `node_modules/.bin/${name} runs in place of the program \`${name}\` in ${BIN_SHADOW_BY}` };
  };
}
