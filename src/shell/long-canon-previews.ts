// long-canon.ts for the shell reading: a simple command's words (parse-walk-simple.ts) with each option word of a
// getopt_long program under its full name, before the planner and every reader see them (`env --sp='rm -r build'`
// is read as `env --split-string='rm -r build'`).
import { longRewrites } from './long-canon.js';
import type { Cut } from './short-clusters.js';
import { previewOf, type Preview } from './parse-plan.js';
import type { RawPart } from './parse-words.js';

// A word's name part (`--sp` of `--sp='rm -r build'`, spread over literal parts or not) replaced by `name`.
function renamedPreview(preview: Preview, name: string): Preview {
  const typed = preview.value.split('=')[0]!;
  let left = typed.length;
  const rest: RawPart[] = [];
  for (const part of preview.raw.parts) {
    if (left === 0) rest.push(part);
    else if (part.kind !== 'literal') return preview;
    else if (part.value.length <= left) left -= part.value.length;
    else {
      rest.push({ ...part, value: part.value.slice(left) });
      left = 0;
    }
  }
  const text = preview.raw.text.startsWith(typed) ? name + preview.raw.text.slice(typed.length) : name + rest.map(partText).join('');
  return previewOf({ text, parts: [{ kind: 'literal', value: name, quoted: false }, ...rest] });
}

const partText = (part: RawPart): string => (part.kind === 'literal' ? (part.quoted ? `'${part.value.replace(/'/g, `'\\''`)}'` : part.value) : part.kind === 'tilde' ? `~${part.user}` : part.text);

// A cluster's words (`-sCtools` as `-s`, `-C`, `tools`): the option letters from its literal parts, the last word
// with the rest of the parts (`-C"$D"`: `-C`, `"$D"`). A word whose letters are not all literal is left as it is.
function cutPreviews(preview: Preview, cuts: readonly Cut[], drop = 0): Preview[] {
  const last = cuts[cuts.length - 1]!;
  let left = last.offset + drop;
  let lead = '';
  const rest: RawPart[] = [];
  for (const part of preview.raw.parts) {
    if (left === 0) rest.push(part);
    else if (part.kind !== 'literal') return [preview];
    else if (part.value.length <= left) {
      left -= part.value.length;
      lead += part.value;
    } else {
      lead += part.value.slice(0, left);
      rest.push({ ...part, value: part.value.slice(left) });
      left = 0;
    }
  }
  const literal = (value: string): Preview => previewOf({ text: value, parts: [{ kind: 'literal', value, quoted: false }] });
  const typed = lead;
  lead = lead.slice(drop);
  const starts = [{ offset: 0, dash: false }, ...cuts];
  const words = starts.slice(0, -1).map((cut, i) => literal((cut.dash ? '-' : '') + lead.slice(cut.offset, starts[i + 1]!.offset)));
  const dash = last.dash ? [{ kind: 'literal', value: '-', quoted: false } as const] : [];
  const text = preview.raw.text.startsWith(typed) ? preview.raw.text.slice(typed.length) : rest.map(partText).join('');
  return [...words, previewOf({ text: (last.dash ? '-' : '') + text, parts: [...dash, ...rest] })];
}

export function canonicalPreviews(previews: Preview[]): Preview[] {
  const rewrites = longRewrites(previews);
  if (rewrites.length === 0) return previews;
  const out: (Preview | Preview[])[] = [...previews];
  for (const rewrite of rewrites) out[rewrite.at] = 'name' in rewrite ? renamedPreview(previews[rewrite.at]!, rewrite.name) : cutPreviews(previews[rewrite.at]!, rewrite.cuts, rewrite.drop);
  return out.flat();
}
