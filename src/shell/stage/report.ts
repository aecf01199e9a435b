import type { StagedChanges } from './apply.js';

// The lines a staged run adds to exec's and test's text (the data keeps the capped lists).
const SHOWN = 20;

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

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
    lines.push(...aside.slice(0, SHOWN).map((each) => `  ${each.path}: ${each.reason}`));
    if (changes.keptIn) lines.push(`  to apply one on purpose: review it in ${changes.keptIn}, then write it with codeward write or create (a protected file is asked for, never applied unasked)`);
  }
  return lines;
}

export function withChanges(text: string, data: { readonly changes?: StagedChanges }): string {
  const lines = data.changes ? formatChanges(data.changes) : [];
  return lines.length === 0 ? text : `${text}\n${lines.join('\n')}`;
}
