import type { LoaderKind } from './home-sources-expand.js';

// The lines of a start-up file that run in a folder of the workspace after a `cd` into it (red team R24-12, with
// home-sources-computed.ts): `work() {` NL `cd ~/proj` NL `source "$(ls *.sh | head -1)"` NL `}` computes what it
// loads from the workspace though its load line names no workspace path. The `cd` holds to the end of its block (a
// shell function's `{ }`, fish's `function … end`, vim's `function … endfunction`), or of the file at the top level
// (and in the other kinds, where blocks are not counted: fail closed). An alias, or a block opened and closed on
// the `cd`'s own line, holds it within that line (which is judged by itself).

const CD = /(?:^|[\s;&|({'"!:])(?:cd|pushd|lcd|tcd|chdir|os\.chdir|vim\.fn\.chdir|nvim_set_current_dir)(?=[\s("'!]|$)/;
const ALIAS = /^\s*(?:alias|abbr)\b/;

// How a line changes the block depth (opened, closed), by kind.
export function braces(line: string, kind: LoaderKind, fish: boolean): [number, number] {
  if (kind === 'shell' && fish) return [/^\s*(?:function|begin|if|for|while|switch)\b/.test(line) ? 1 : 0, /^\s*end\b/.test(line) ? 1 : 0];
  if (kind === 'shell' || kind === 'direnv') {
    const opens = (line.match(/(?<!\$)\{/g) ?? []).length;
    return [opens, Math.max(0, (line.match(/\}/g) ?? []).length - (line.match(/\$\{/g) ?? []).length)];
  }
  if (kind === 'vim') return [/^\s*fu(?:n(?:c(?:t(?:i(?:o(?:n)?)?)?)?)?)?!?\s/.test(line) ? 1 : 0, /^\s*endf/.test(line) ? 1 : 0];
  return [0, 0];
}

// For each line, whether it runs after a `cd` into the workspace (`intoWorkspace`: the line names it).
export function afterCd(lines: readonly string[], kind: LoaderKind, fish: boolean, intoWorkspace: (line: string) => boolean): boolean[] {
  let depth = 0;
  let held: number | undefined;
  return lines.map((line) => {
    const [opens, closes] = braces(line, kind, fish);
    const before = depth;
    depth = Math.max(0, depth + opens - closes);
    if (held !== undefined && Math.min(before, depth) < held && closes > 0) held = undefined;
    const inside = held !== undefined;
    if (CD.test(line) && !ALIAS.test(line) && intoWorkspace(line) && !(opens > 0 && opens === closes)) held = Math.min(held ?? depth, depth);
    return inside;
  });
}
