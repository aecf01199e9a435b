// Where a folder's files really come from, through the mounts (red team R44-a4): a bind mount shows a folder of its
// filesystem (its root field), so two mounts of the same filesystem (major:minor) show the same files under the same
// filesystem folder, whatever the mount points are called (binds of binds too: each names its folder of the
// filesystem); an overlay shows its layers' files, and a file a run writes in a layer that lies in an area IS a file of
// the merged folder. A PATH folder (or a program file) with a place inside an area's place is treated as the area.
import { realpathSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { Mount } from './mount-info.js';

export interface Place {
  readonly device: string;
  // The folder of that filesystem.
  readonly folder: string;
}

// Overlays of overlays (and layers on binds) followed this deep.
const DEPTH = 8;

const under = (path: string, top: string): boolean => path === top || top === sep || path.startsWith(`${top}${sep}`);

// The real path of `path`, or of its nearest existing parent with the rest as spelled (a run may make the rest).
function realOrNearest(path: string): string {
  const rest: string[] = [];
  for (let at = path; ; at = dirname(at)) {
    try {
      return join(realpathSync(at), ...rest.reverse());
    } catch {
      if (at === sep) return path;
      rest.push(at.slice(dirname(at).length).replace(/^\//, ''));
    }
  }
}

// The mounts that show `real`: those on the longest mount point above it (every one of a stack: all are judged).
function showing(real: string, mounts: readonly Mount[]): Mount[] {
  const above = mounts.filter((mount) => under(real, mount.point));
  const longest = Math.max(...above.map((mount) => mount.point.length));
  return above.filter((mount) => mount.point.length === longest);
}

// Every place the files of `path` come from: its filesystem's folder, and through an overlay each layer's places
// (only the upper one when `writes`: where a write to it lands).
export function placesOf(path: string, mounts: readonly Mount[], writes: boolean, depth = 0): Place[] {
  const real = realOrNearest(path);
  return showing(real, mounts).flatMap((mount) => {
    const rest = mount.point === sep ? real : real.slice(mount.point.length);
    const own = { device: mount.device, folder: join(mount.root, rest) };
    if (mount.type !== 'overlay' || depth >= DEPTH) return [own];
    const layers = (writes ? mount.upper : [...mount.upper, ...mount.lower]).filter((layer) => layer.startsWith(sep));
    return [own, ...layers.flatMap((layer) => placesOf(join(layer, mount.root, rest), mounts, writes, depth + 1))];
  });
}

// Where the existing areas' writes land (a missing area: no run can write there before it exists).
export function areaPlaces(areas: readonly string[], mounts: readonly Mount[]): Place[] {
  return areas.flatMap((area) => {
    try {
      return placesOf(realpathSync(area), mounts, true);
    } catch {
      return [];
    }
  });
}

// Whether some place `path`'s files come from lies in one of `areas` (areaPlaces).
export function mountAliased(path: string, areas: readonly Place[], mounts: readonly Mount[]): boolean {
  if (areas.length === 0) return false;
  return placesOf(path, mounts, false).some((place) => areas.some((area) => area.device === place.device && under(place.folder, area.folder)));
}
