// Flattening of the syntax tree's left-nested lists and pipelines.
import type { SyntaxNode as Node } from './parse-syntax.js';

export const REDIRECT_TYPES = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);
export const WRITE_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);
export const LOOPS = new Set(['while_statement', 'for_statement', 'c_style_for_statement']);
export const DECLARATIONS = new Set(['declaration_command', 'unset_command']);
export const WORD_TYPES = new Set(['word', 'string', 'raw_string', 'ansi_c_string', 'translated_string', 'concatenation', 'simple_expansion', 'expansion', 'command_substitution', 'process_substitution', 'number', 'arithmetic_expansion']);

export interface Statement {
  readonly node: Node;
  // Redirections that belong to this statement but sit on an enclosing node.
  readonly redirects: readonly Node[];
}

// `a && b || c` (and `a | b | c`) nest to the left, and the grammar hangs a redirection of the last
// command on the whole list (`a > x && b > y` is redirected(list(redirected(a, x), b), y)). Flattened in
// source order without recursion, each redirection given back to the last item it belongs to, so
// 10,000 chained commands are fine.
export function linearise(root: Node, kind: 'list' | 'pipeline'): Statement[] {
  const out: Statement[] = [];
  const stack: Statement[] = [{ node: root, redirects: [] }];
  while (stack.length > 0) {
    const { node, redirects } = stack.pop()!;
    if (node.type === kind) {
      const named = node.namedChildren.filter((child): child is Node => child !== null);
      for (let i = named.length - 1; i >= 0; i--) stack.push({ node: named[i]!, redirects: i === named.length - 1 ? redirects : [] });
      continue;
    }
    const body = node.type === 'redirected_statement' ? node.childForFieldName('body') : null;
    if (body?.type === kind) {
      const own = node.childrenForFieldName('redirect').filter((child): child is Node => child !== null);
      stack.push({ node: body, redirects: [...own, ...redirects] });
      continue;
    }
    out.push({ node, redirects });
  }
  return out;
}

export function pipelineStages(node: Node): Node[] {
  const stages: Node[] = [];
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'pipeline') stages.push(...pipelineStages(child));
    else stages.push(child);
  }
  return stages;
}
