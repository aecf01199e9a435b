// Command substitutions the grammar keeps as plain text, although bash runs them: in a `${...}` pattern or
// word (`${x#$(cmd)}`, `${PATH%`cmd`}`, `${x/`cmd`/y}`, `${x:-`cmd`}`) and backticks in the body of a
// here-document whose delimiter is not quoted. They ran unasked under a read-only `echo`/`cat`. Their
// inner text is found here (over-finding is safe: it is only judged as well) and walked as a script.
import type { SyntaxNode as Node } from './parse-syntax.js';

const MAX_HIDDEN = 64;

// The `$(...)` and backtick spans of a text, inner text only (a backslash escapes the next character;
// inside backticks `\``, `\\` and `\$` stand for the character). An unclosed span is given whole, so the
// parse of it fails and the line is not taken as checked.
export function substitutionSpans(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length && out.length < MAX_HIDDEN; i++) {
    const ch = text[i]!;
    if (ch === '\\') {
      i++;
    } else if (ch === '$' && text[i + 1] === '(') {
      let depth = 0;
      let j = i + 1;
      for (; j < text.length; j++) {
        if (text[j] === '\\') j++;
        else if (text[j] === '(') depth++;
        else if (text[j] === ')' && --depth === 0) break;
      }
      out.push(text.slice(i + 2, j));
      i = j;
    } else if (ch === '`') {
      let j = i + 1;
      let inner = '';
      for (; j < text.length && text[j] !== '`'; j++) {
        if (text[j] === '\\' && /[`\\$]/.test(text[j + 1] ?? '')) inner += text[++j];
        else inner += text[j];
      }
      out.push(j < text.length ? inner : `${inner} \``);
      i = j;
    }
  }
  return out;
}

// Text of a node outside its named children (those the walker reads itself).
function gaps(node: Node): string {
  let out = '';
  let cursor = node.startIndex;
  const text = node.text;
  for (const child of node.namedChildren) {
    if (child.type === 'heredoc_content') continue;
    out += text.slice(cursor - node.startIndex, child.startIndex - node.startIndex) + ' ';
    cursor = child.endIndex;
  }
  return out + text.slice(cursor - node.startIndex);
}

// Every hidden substitution's inner text below root (visible substitutions are in the same tree, so what
// hides inside them is found too). Iterative.
export function hiddenScripts(root: Node): string[] {
  const found: string[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0 && found.length < MAX_HIDDEN) {
    const node = stack.pop()!;
    if (node.type === 'expansion') {
      for (const child of node.namedChildren) {
        if (child.type === 'regex' || child.type === 'word') found.push(...substitutionSpans(child.text));
      }
    } else if (node.type === 'heredoc_redirect') {
      const start = node.namedChildren.find((child) => child.type === 'heredoc_start');
      const quoted = start === undefined || /['"\\]/.test(start.text);
      for (const body of node.namedChildren) {
        if (body.type === 'heredoc_body' && !quoted) found.push(...substitutionSpans(gaps(body)));
      }
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return found.slice(0, MAX_HIDDEN);
}
