// long-canon.ts for the shell reading: a simple command's words (parse-walk-simple.ts) with each option word of a
// getopt_long program under its full name, before the planner and every reader see them (`env --sp='rm -r build'`
// is read as `env --split-string='rm -r build'`).
import { longRewrites } from './long-canon.js';
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

export function canonicalPreviews(previews: Preview[]): Preview[] {
  const rewrites = longRewrites(previews);
  if (rewrites.length === 0) return previews;
  const out = [...previews];
  for (const { at, name } of rewrites) out[at] = renamedPreview(out[at]!, name);
  return out;
}
