// Package managers that run a program or a script named in their words (issue 26, red team H-D; R11-1b):
// `yarn rimraf src`, `yarn sh -c '...'`, `pnpm run x`, `yarn workspace a sh -c '...'`, `bun run x`, `shx rm
// -rf src`, `pnpx ...`, `pnpm dlx -c 'CMD'`. The planner keeps them as one command (a rule for `yarn *`
// still covers `yarn lint`); what they may start is the tail of their words, parsed as a line of its own
// (parse-launch-guess.ts) and judged by the safety-immune judge like the top level.
import type { WordLike } from './parse-wrappers.js';

// Subcommands of the package managers that are their own (anything else runs a script or a program).
const OWN: Readonly<Record<string, ReadonlySet<string>>> = {
  yarn: new Set('add install remove upgrade up init info why config cache workspaces link unlink pack publish version set plugin npm constraints explain bin global audit create login logout owner tag team import licenses list outdated policies check autoclean help node rebuild dedupe patch patch-commit search stage unplug test start build'.split(' ')),
  pnpm: new Set('add install i remove rm uninstall update up init link unlink pack publish config cache store list ls outdated audit why root bin prune rebuild import fetch patch patch-commit server setup env help deploy licenses doctor test start create'.split(' ')),
};
// Subcommands that run the program named next.
const RUNS: Readonly<Record<string, ReadonlySet<string>>> = {
  yarn: new Set(['dlx', 'exec', 'run']),
  pnpm: new Set(['dlx', 'exec', 'run', 'x']),
  npm: new Set(['exec', 'x']),
  bun: new Set(['x', 'run']),
};
// Options of the launchers that take a value in the next word.
const VALUED = new Set(['-p', '--package', '-C', '--dir', '--cwd', '--filter', '-F', '--workspace', '-w', '--prefix']);

// Where the command starts: a word index, or shell text (`-c 'CMD'`, `--call CMD`).
export type PackageTail = { readonly index: number } | { readonly text: string };

// The command after the launcher's own options (`--` ends them; `-c 'CMD'` is a command string).
function after(words: readonly WordLike[], start: number): PackageTail | undefined {
  for (let i = start; i < words.length; i++) {
    const word = words[i]!;
    if (word.dynamic) return undefined;
    if (word.value === '--') return i + 1 < words.length ? { index: i + 1 } : undefined;
    if (/^(?:-c|--c|--cal|--call)$/.test(word.value)) return words[i + 1] === undefined ? undefined : { text: words[i + 1]!.value };
    // `--call=CMD` (npm's long spelling with its value attached, R12-6c) and npm's abbreviations `--c=`, `--cal=`, `-c=` (R15-3).
    const call = /^(?:-c|--c|--cal|--call)=/.exec(word.value);
    if (call) return { text: word.value.slice(call[0].length) };
    if (word.value.startsWith('-')) {
      if (VALUED.has(word.value)) i++;
      continue;
    }
    return { index: i };
  }
  return undefined;
}

// What a package manager's words run (`pnpm dlx rimraf src` → from `rimraf`), or undefined.
export function packageTail(key: string, words: readonly WordLike[]): PackageTail | undefined {
  if (key === 'shx' || key === 'pnpx') return after(words, 1);
  const runs = RUNS[key];
  if (runs === undefined) return undefined;
  const first = words.findIndex((word, i) => i > 0 && !word.value.startsWith('-'));
  if (first < 0 || words[first]!.dynamic) return undefined;
  const sub = words[first]!.value;
  if (runs.has(sub)) return after(words, first + 1);
  if (key === 'yarn' && sub === 'workspace') return after(words, first + 2);
  // `yarn node ARGS` runs node with the words.
  if (key === 'yarn' && sub === 'node') return { index: first };
  // yarn and pnpm run a program named in place of a subcommand (`yarn rimraf dist`).
  const own = OWN[key];
  return own !== undefined && !own.has(sub) ? after(words, first) : undefined;
}
