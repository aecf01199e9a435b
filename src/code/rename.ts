// rename-symbol's plan (issue 30): the new text of every file a rename touches, from the labelled hits of
// `references` (resolved and imported; textual only when asked), after two refusals: a NEW that is not an
// identifier of the language, and a NEW that a touched scope already binds or uses (renaming would then
// capture or shadow it). Pure over the texts and the parsers; the command writes.
import { fail } from '../engine/errors.js';
import type { CodeParsers } from './parsers.js';
import type { CodeSymbol } from './outline.js';
import type { ReferenceHit } from './references.js';
import { scopeRulesOf } from './references-rules.js';
import { bindingOf, bindingsOf, tokensNamed } from './references-scope.js';

export interface RenamePlan {
  // Workspace-relative path → the file's new text (only files that change).
  readonly texts: Map<string, string>;
  readonly applied: ReferenceHit[];
  readonly listed: ReferenceHit[];
}

const word = (name: string): RegExp => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g');

// The new texts: every applied hit replaced, from the end of each file backwards.
export function planRename(texts: ReadonlyMap<string, string>, hits: readonly ReferenceHit[], from: string, to: string, textual: boolean): RenamePlan {
  const applied = hits.filter((hit) => hit.label !== 'textual' || textual);
  const listed = hits.filter((hit) => !applied.includes(hit));
  const out = new Map<string, string>();
  for (const file of new Set(applied.map((hit) => hit.path))) {
    let text = texts.get(file)!;
    const mine = applied.filter((hit) => hit.path === file).sort((a, b) => b.start - a.start);
    for (const hit of mine) {
      const old = text.slice(hit.start, hit.end);
      const replacement = hit.prose ? old.replace(word(from), to) : hit.shorthand ? `${from}: ${to}` : to;
      if (!hit.prose && old !== from) throw fail('C216', `internal error: ${file}:${hit.line}:${hit.column} reads ${JSON.stringify(old)}, not ${from}; nothing was written`);
      text = `${text.slice(0, hit.start)}${replacement}${text.slice(hit.end)}`;
    }
    if (text !== texts.get(file)) out.set(file, text);
  }
  return { texts: out, applied, listed };
}

// Refuses a rename to a name a touched scope already has: a declaration of NEW in a scope around a renamed
// token, or NEW bound at (or used from) a file's top level, or a member of the same class named NEW.
export async function checkClashes(parsers: CodeParsers, texts: ReadonlyMap<string, string>, applied: readonly ReferenceHit[], to: string, siblings: readonly CodeSymbol[]): Promise<void> {
  const sibling = siblings.find((symbol) => symbol.name === to);
  if (sibling !== undefined) throw fail('C210', `--to ${to} clashes with ${sibling.kind} ${sibling.namePath} (line ${sibling.startLine}) defined beside it: pick another name`);
  for (const file of new Set(applied.filter((hit) => !hit.prose).map((hit) => hit.path))) {
    const text = texts.get(file)!;
    const parsed = await parsers.parseFile(file, text);
    if (parsed === undefined) continue;
    try {
      const rules = scopeRulesOf(parsed.spec.id);
      const root = parsed.tree.rootNode;
      const tokens = tokensNamed(root, to).identifiers;
      const mine = applied.filter((hit) => hit.path === file && !hit.prose);
      const bindings = rules === undefined ? undefined : bindingsOf(rules, root, tokens);
      for (const occurrence of bindings?.occurrences ?? tokens.map((node) => ({ node, role: { kind: 'use' as const } }))) {
        const { role, node } = occurrence;
        if (role.kind === 'skip') continue;
        if (role.kind === 'member' && !mine.some((hit) => text.slice(hit.start - 1, hit.start) === '.')) continue;
        const scope = rules === undefined || bindings === undefined || role.kind === 'member' ? root : bindingOf(rules, bindings, occurrence) ?? root;
        // A function's own name lies in its node but is bound outside it (its parameters do not see it).
        const named = scope.childForFieldName('name')?.startIndex;
        const around = scope.id === root.id || mine.some((hit) => scope.startIndex <= hit.start && hit.end <= scope.endIndex && hit.start !== named);
        if (around) {
          const line = text.slice(0, node.startIndex).split('\n').length;
          throw fail('C210', `--to ${to} clashes with the ${to} already at ${file}:${line} (${text.split('\n')[line - 1]!.trim().slice(0, 80)}): the rename would capture or shadow it; pick another name`);
        }
      }
    } finally {
      parsed.tree.delete();
    }
  }
}
