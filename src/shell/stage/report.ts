import type { StagedChanges } from './apply.js';

// The lines a staged run adds to exec's and test's text (the data keeps the lists).
const SHOWN = 20;
// Lines of set-aside groups at most (a reason's own list is capped at SHOWN).
const MAX_ASIDE_LINES = 60;

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

// The package folder a path lies in (`node_modules/@scope/name`, the deepest one), or undefined.
const PACKAGE = /^(?:.*\/)?node_modules\/(?:@[^/]+\/)?[^/]+(?=\/)/;

type SetAside = NonNullable<StagedChanges['setAside']>[number];

// The topmost folder above `path` set aside for the same reason (a `.git` the command made: everything
// below it is set aside with the folder's reason), or undefined.
function asideAbove(path: string, reason: string, reasons: ReadonlyMap<string, string>): string | undefined {
  for (let cut = path.indexOf('/'); cut > 0; cut = path.indexOf('/', cut + 1)) {
    if (reasons.get(path.slice(0, cut)) === reason) return path.slice(0, cut);
  }
  return undefined;
}

interface Group {
  readonly first: SetAside;
  readonly folder: string;
  count: number;
}

const groupText = ({ first, folder, count }: Group): string => {
  if (count === 1) return first.path;
  const example = first.path === folder ? '' : `, e.g. ${first.path.slice(folder.length + 1)}`;
  return `${folder}/ (${plural(count, 'path')}${example})`;
};

// Issue 28: a staged `npm install` set aside one protected file per package's CI workflow, one line each,
// each with the same 300-character reason. Paths inside one package folder (or below a folder set aside)
// set aside for one reason are one group with their count; groups that share a reason are listed under it,
// the reason once (the data lists every path).
function asideLines(aside: readonly SetAside[]): string[] {
  const reasons = new Map(aside.map((each) => [each.path, each.reason]));
  const groups = new Map<string, Group>();
  for (const each of aside) {
    // A folder set aside heads its own group (the paths below it join it).
    const folder = asideAbove(each.path, each.reason, reasons) ?? PACKAGE.exec(each.path)?.[0] ?? each.path;
    const key = `${folder}\0${each.reason}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { first: each, folder, count: 1 });
  }
  const byReason = new Map<string, Group[]>();
  for (const group of groups.values()) byReason.set(group.first.reason, [...(byReason.get(group.first.reason) ?? []), group]);
  return [...byReason].flatMap(([reason, list]) => {
    if (list.length === 1) return [`  ${groupText(list[0]!)}: ${reason}`];
    const paths = (from: readonly Group[]): number => from.reduce((sum, group) => sum + group.count, 0);
    const rest = paths(list.slice(SHOWN));
    return [`  ${plural(paths(list), 'path')}: ${reason}`, ...list.slice(0, SHOWN).map((group) => `    ${groupText(group)}`), ...(rest > 0 ? [`  … ${plural(rest, 'more path')}`] : [])];
  });
}

export function formatChanges(changes: StagedChanges): string[] {
  const lines: string[] = [];
  const total = changes.created + changes.changed + changes.deleted;
  if (total > 0) {
    const parts = [['created', changes.created], ['changed', changes.changed], ['deleted', changes.deleted]].filter(([, count]) => count !== 0).map(([verb, count]) => `${count} ${verb}`);
    const step = changes.checkpoint === undefined ? 'no checkpoint' : `checkpoint ${changes.checkpoint}: undo takes the command back`;
    lines.push(`[files: ${parts.join(', ')}; ${step}]`);
    lines.push(...changes.files.slice(0, SHOWN).map((file) => `  ${file.change} ${file.path}`));
    const hidden = total - Math.min(SHOWN, changes.files.length);
    if (hidden > 0) lines.push(`  … ${plural(hidden, 'more file')}`);
  }
  const aside = changes.setAside ?? [];
  if (aside.length > 0) {
    const count = aside.length + (changes.asideMore ?? 0);
    lines.push(`[not applied: ${plural(count, 'path')}${changes.keptIn ? `; the command's versions are in ${changes.keptIn}` : ''}]`);
    const folded = asideLines(aside);
    lines.push(...folded.slice(0, MAX_ASIDE_LINES));
    if (folded.length > MAX_ASIDE_LINES) lines.push(`  … ${plural(folded.length - MAX_ASIDE_LINES, 'more line')} (every path is in the result's data, setAside)`);
    if (changes.keptIn) lines.push(`  to apply one on purpose: review it in ${changes.keptIn}, then write it with codeward write or create (a protected file is asked for, never applied unasked)`);
  }
  return lines;
}

export function withChanges(text: string, data: { readonly changes?: StagedChanges }): string {
  const lines = data.changes ? formatChanges(data.changes) : [];
  return lines.length === 0 ? text : `${text}\n${lines.join('\n')}`;
}
