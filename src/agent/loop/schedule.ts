import { resolve, sep } from 'node:path';
import type { Engine } from '../../engine/engine.js';
import { expandPath } from '../../workspace/expand.js';

// What one call does to the files, for ordering: the paths it reads and writes, or `barrier` when it
// may touch anything (a shell command, a call the engine cannot plan ahead).
export interface CallFootprint {
  readonly barrier: boolean;
  readonly reads: readonly string[];
  readonly writes: readonly string[];
}

const READ_ACCESS = new Set(['read', 'list']);

function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(b.endsWith(sep) ? b : b + sep) || b.startsWith(a.endsWith(sep) ? a : a + sep);
}

// Whether two path lists share a path (or one is inside the other's folder).
export function sharesPath(as: readonly string[], bs: readonly string[]): boolean {
  return as.some((a) => bs.some((b) => overlaps(a, b)));
}

// The footprint of an @coder call. A call the engine rejects (bad args) touches nothing: it fails on its own.
export function footprint(engine: Engine, args: string, env: Readonly<Record<string, string | undefined>>): CallFootprint {
  let planned;
  try {
    planned = engine.plan(args);
  } catch {
    return { barrier: false, reads: [], writes: [] };
  }
  const { command, touches } = planned;
  if (command.effect === 'exec' || command.shell) return { barrier: true, reads: [], writes: [] };
  const full = (path: string): string => resolve(engine.workspace.root, expandPath(path, { env }));
  return {
    barrier: false,
    reads: touches.filter((touch) => READ_ACCESS.has(touch.access)).map((touch) => full(touch.path)),
    writes: touches.filter((touch) => !READ_ACCESS.has(touch.access)).map((touch) => full(touch.path)),
  };
}

// For each call, the earlier calls it must wait for: any barrier, and any call that shares a path with
// it where one of the two writes. Everything else runs in parallel.
export function dependencies(footprints: readonly CallFootprint[]): number[][] {
  return footprints.map((mine, index) => {
    const deps: number[] = [];
    for (let earlier = 0; earlier < index; earlier += 1) {
      const theirs = footprints[earlier]!;
      const conflict =
        mine.barrier ||
        theirs.barrier ||
        sharesPath(mine.writes, [...theirs.reads, ...theirs.writes]) ||
        sharesPath(theirs.writes, mine.reads);
      if (conflict) deps.push(earlier);
    }
    return deps;
  });
}
