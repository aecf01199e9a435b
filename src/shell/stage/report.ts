import type { StagedChanges } from './apply.js';

// The lines a staged run adds to exec's and test's text (the data keeps the capped lists).
const SHOWN = 20;

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

// Paths set aside for the same reason are one entry: the reason once, then the paths (an npm install sets
// aside dozens of CI files inside node_modules, each with the same 300-character reason: newcomer pass).
// The first SHOWN paths are listed, as before; the reasons are not repeated.
function asideLines(aside: NonNullable<StagedChanges['setAside']>): string[] {
  const shown = aside.slice(0, SHOWN);
  const byReason = new Map<string, string[]>();
  for (const each of shown) byReason.set(each.reason, [...(byReason.get(each.reason) ?? []), each.path]);
  const lines = [...byReason].flatMap(([reason, paths]) => (paths.length === 1 ? [`  ${paths[0]!}: ${reason}`] : [`  ${plural(paths.length, 'path')}: ${reason}`, ...paths.map((path) => `    ${path}`)]));
  if (aside.length > shown.length) lines.push(`  … ${plural(aside.length - shown.length, 'more path')}`);
  return lines;
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
    lines.push(`[not applied: ${plural(aside.length, 'path')}${changes.keptIn ? `; the command's versions are in ${changes.keptIn}` : ''}]`);
    lines.push(...asideLines(aside));
    if (changes.keptIn) lines.push(`  to apply one on purpose: review it in ${changes.keptIn}, then write it with codeward write or create (a protected file is asked for, never applied unasked)`);
  }
  return lines;
}

export function withChanges(text: string, data: { readonly changes?: StagedChanges }): string {
  const lines = data.changes ? formatChanges(data.changes) : [];
  return lines.length === 0 ? text : `${text}\n${lines.join('\n')}`;
}
