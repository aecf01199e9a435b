// A program file on a kept PATH folder with another NAME inside an area a run may write (a hard link: perf's ~/.debug
// build-id cache, `nix-store --optimise`, a person's `ln`): the run rewrites that name in place and the next exec starts
// what it wrote, outside every sandbox. The kernel keeps no list of a file's names, so the areas are listed (names and
// lstats only, no file is opened), skipping folders of another filesystem (a hard link never leaves its own).
// BUDGET: at most LINK_BUDGET entries per search. Past it the answer is 'unknown': the program is STILL started, with a
// warning naming the file and the area (skipping it would leave every run of a large workspace without its sandbox,
// for a name a sandboxed run cannot make itself: link() across bwrap's bind mounts fails with EXDEV).
// KEPT: a 'none' or 'unknown' answer is kept in codeward's cache folder (hidden from sandboxed runs) under the
// file's device, inode, link count and ctime and the areas' identities: link(), unlink() and a write through any name
// change the file's link count or ctime, so a kept answer never outlives the names it was found with.
import { type BigIntStats, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const LINK_BUDGET = 1_000;
// Kept answers at most (the newest stay).
const KEPT = 64;

export interface LinkAnswer {
  readonly verdict: 'none' | 'found' | 'unknown';
  // The area the name was found in, or the first one not searched to its end.
  readonly area?: string;
}

const idOf = (stats: { dev: bigint; ino: bigint }): string => `${stats.dev}:${stats.ino}`;

function quietStat(path: string | Buffer, follow: boolean): BigIntStats | undefined {
  try {
    return follow ? statSync(path, { bigint: true }) : lstatSync(path, { bigint: true });
  } catch {
    return undefined;
  }
}

// Looks for `id` (device:inode) in `area`, breadth first, within `budget` entries; how many were used.
function search(area: string, id: string, device: bigint, budget: number): { found: boolean; used: number; cut: boolean } {
  const top = quietStat(area, true);
  if (top === undefined || top.dev !== device) return { found: false, used: 0, cut: false };
  if (idOf(top) === id) return { found: true, used: 1, cut: false };
  // Names as bytes (a name that is not UTF-8 is still listed and stat'ed as itself).
  const queue: Buffer[] = top.isDirectory() ? [Buffer.from(area)] : [];
  let used = 0;
  for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
    let names: Buffer[];
    try {
      names = readdirSync(folder, { encoding: 'buffer' });
    } catch {
      continue;
    }
    for (const name of names) {
      if ((used += 1) > budget) return { found: false, used: budget, cut: true };
      const path = Buffer.concat([folder, Buffer.from('/'), name]);
      const stats = quietStat(path, false);
      if (stats === undefined || stats.dev !== device) continue;
      if (idOf(stats) === id) return { found: true, used, cut: false };
      if (stats.isDirectory()) queue.push(path);
    }
  }
  return { found: false, used, cut: false };
}

function readKept(file: string): Record<string, LinkAnswer> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, LinkAnswer>) : {};
  } catch {
    return {};
  }
}

function keep(file: string, kept: Record<string, LinkAnswer>, key: string, answer: LinkAnswer): void {
  const entries = [...Object.entries(kept).filter(([old]) => old !== key), [key, answer] as const].slice(-KEPT);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temporary, JSON.stringify(Object.fromEntries(entries)), { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    // Not kept: the next process searches again.
  }
}

// Whether `file` (a program codeward would start) has another name in one of `areas`. One stat when it has one name.
export function linkedInto(file: string, areas: readonly string[], keptFile: string | undefined): LinkAnswer {
  const stats = quietStat(file, true);
  if (stats === undefined || !stats.isFile() || stats.nlink <= 1n) return { verdict: 'none' };
  const real = ((): string | undefined => {
    try {
      return realpathSync(file);
    } catch {
      return undefined;
    }
  })();
  const key = JSON.stringify([real, idOf(stats), `${stats.nlink}`, `${stats.ctimeNs}`, areas.map((area) => [area, ((top) => (top ? idOf(top) : '-'))(quietStat(area, true))])]);
  const kept = keptFile === undefined ? {} : readKept(keptFile);
  const known = kept[key];
  if (known?.verdict === 'none' || known?.verdict === 'unknown') return known;
  let budget = LINK_BUDGET;
  let answer: LinkAnswer = { verdict: 'none' };
  for (const area of areas) {
    const result = search(area, idOf(stats), stats.dev, budget);
    if (result.found) return { verdict: 'found', area };
    budget -= result.used;
    if (result.cut && answer.verdict === 'none') answer = { verdict: 'unknown', area };
  }
  if (keptFile !== undefined) keep(keptFile, kept, key, answer);
  return answer;
}
