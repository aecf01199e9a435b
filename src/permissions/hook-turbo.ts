// What turbo runs beside the tasks a line names (red team R20-8): a task's `dependsOn` (`lint`: the package's own
// task first, `^build`: the dependencies' build, `pkg#task`: another package's) and `with` (run alongside), from
// the top turbo.json (`tasks`, turbo 1's `pipeline`) and each package's own turbo.json (`extends: ["//"]`), followed
// transitively. Every package is reached already (hook-workspaces.ts), so a task named anywhere is read as run in
// every package: a superset, never fewer. A value codeward cannot read fails closed (`unknown`).
import { join } from 'node:path';
import type { Read } from './hook-tasks.js';
import { object } from './hook-nx.js';

const MAX_TASKS = 256;

// The task names `names` reach through the turbo.json files of `folders` (the top among them), the files read, or why not.
export function turboTasks(folders: readonly string[], names: readonly string[], read: Read): { names: string[]; files: string[]; unknown?: string } {
  const files = folders.map((folder) => join(folder, 'turbo.json'));
  // task -> what it depends on / runs with, over every turbo.json (`pkg#task` and `//#task` keys read as `task`).
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const text = read(file);
    if (text === undefined) continue;
    let data: Record<string, unknown>;
    try {
      data = object(JSON.parse(text));
    } catch {
      return { names: [...names], files, unknown: `${file}: not JSON codeward can read` };
    }
    for (const [key, task] of Object.entries({ ...object(data['pipeline']), ...object(data['tasks']) })) {
      const own = key.replace(/^.*#/, '');
      for (const field of ['dependsOn', 'with']) {
        const list = object(task)[field];
        if (list === undefined) continue;
        if (!Array.isArray(list) || list.some((each) => typeof each !== 'string')) return { names: [...names], files, unknown: `${file}: task ${key} has a \`${field}\` that is not a list of names` };
        // turbo 1's `$VAR` entries are environment names, not tasks.
        const tasks = (list as string[]).filter((each) => !each.startsWith('$')).map((each) => each.replace(/^\^/, '').replace(/^.*#/, ''));
        edges.set(own, [...(edges.get(own) ?? []), ...tasks]);
      }
    }
  }
  const reached = new Set(names);
  for (const name of reached) {
    if (reached.size > MAX_TASKS) return { names: [...reached], files, unknown: `turbo tasks depend on more than ${MAX_TASKS} tasks` };
    for (const next of edges.get(name) ?? []) for (const each of [`pre${next}`, next, `post${next}`]) reached.add(each);
  }
  return { names: [...reached], files };
}
