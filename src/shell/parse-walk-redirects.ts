// Redirections of one command: operators, targets (with their values), and the static text a
// here-document or here-string feeds to stdin.
import type { Redirection, ShellWord } from './parse-types.js';
import type { SyntaxNode as Node } from './parse-syntax.js';
import { WRITE_OPS } from './parse-walk-tree.js';
import { scriptText, unescapeHeredoc, type Scope } from './parse-walk-values.js';
import { groupWords, nestedSubstitutions, readWords, type RawWord } from './parse-words.js';

export interface RedirectWalk {
  resolve(raw: RawWord, scope: Scope, walk: boolean): ShellWord;
  substitution(node: Node, scope: Scope): unknown;
}

// `stdin` is null when a `< file` replaced it with something unknown. `shellConsumer`: the command runs
// its stdin as a shell script (substitutions in a here-document are then walked there, not here).
export function readRedirects(nodes: readonly Node[], scope: Scope, shellConsumer: boolean, walk: RedirectWalk): { list: Redirection[]; stdin: string | null | undefined } {
  const list: Redirection[] = [];
  let stdin: string | null | undefined;
  for (const node of nodes) {
    if (node.type === 'heredoc_redirect') {
      const op = node.child(0)?.type ?? '<<';
      const start = node.namedChildren.find((child) => child?.type === 'heredoc_start');
      const bodyNode = node.namedChildren.find((child) => child?.type === 'heredoc_body');
      const quoted = /['"\\]/.test(start?.text ?? '');
      let text = bodyNode?.text ?? '';
      if (op === '<<-') text = text.replace(/^\t+/gm, '');
      if (!quoted) text = unescapeHeredoc(text);
      if (bodyNode && !quoted && !shellConsumer) for (const sub of nestedSubstitutions(bodyNode)) walk.substitution(sub, scope);
      stdin = text;
      const expands = !quoted && /[$`]/.test(bodyNode?.text ?? '');
      list.push({ op, target: null, duplicate: false, writes: false, body: text, ...(expands ? { expands } : {}), text: node.text.split('\n')[0] ?? node.text });
      continue;
    }
    if (node.type === 'herestring_redirect') {
      const valueNodes = node.namedChildren.filter((child): child is Node => child !== null);
      const raw = valueNodes.length > 0 ? readWords(valueNodes, scope.source)[0] : undefined;
      const word = raw ? walk.resolve(raw, scope, !shellConsumer) : undefined;
      stdin = raw ? `${scriptText(raw)}\n` : '\n';
      list.push({ op: '<<<', target: word && !word.dynamic ? word.value : null, ...(word ? { targetWord: word } : {}), duplicate: false, writes: false, body: stdin, text: node.text });
      continue;
    }
    if (node.type !== 'file_redirect') continue;
    const { op, fd, target } = fileRedirect(node, scope.source);
    const raw = target ? readWords(target, scope.source)[0] : undefined;
    const word = raw ? walk.resolve(raw, scope, true) : undefined;
    const closing = op.endsWith('-');
    const duplicate = closing || ((op === '>&' || op === '<&') && (word === undefined || /^\d+-?$|^-$/.test(word.value)));
    const writes = !duplicate && (WRITE_OPS.has(op) || op === '>&');
    if (op === '<' || (op === '<&' && !closing)) stdin = null;
    list.push({
      op,
      ...(fd === undefined ? {} : { fd }),
      target: word && !word.dynamic ? word.value : null,
      ...(word ? { targetWord: word } : {}),
      duplicate,
      writes,
      text: node.text,
    });
  }
  return { list, stdin };
}

// A file redirect as bash reads it. The grammar takes every word after the operator as its destination:
// bash redirects to the first and the rest are the command's arguments (`rm 2>/dev/null -rf ~`); an operator
// that closes a descriptor (`<&-`, `2>&-`) takes no word at all (`git <&- push` runs `git push`, red team:
// policy check and exec both read it as a bare `git`). `words`: the destination groups that are arguments.
export function fileRedirect(node: Node, source: string): { op: string; fd?: number; target?: Node[]; words: Node[][] } {
  let op = '>';
  let fd: number | undefined;
  for (const child of node.children) {
    if (!child) continue;
    if (child.type === 'file_descriptor') fd = Number(child.text);
    else if (!child.isNamed) {
      op = child.type;
      break;
    }
  }
  const groups = groupWords(node.childrenForFieldName('destination').filter((child): child is Node => child !== null), source);
  const target = op.endsWith('-') ? undefined : groups[0];
  return { op, ...(fd === undefined ? {} : { fd }), ...(target ? { target } : {}), words: target ? groups.slice(1) : groups };
}
