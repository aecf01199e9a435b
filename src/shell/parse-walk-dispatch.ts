// Which step walks each kind of node: commands and redirected statements, lists and pipelines, function
// bodies, loops, assignments and declarations, substitutions, a tree the grammar gave up on; any other
// node (subshells, groups, if/case/while bodies) is walked child by child.
import type { SyntaxNode as Node } from './parse-syntax.js';
import { DECLARATIONS, LOOPS, linearise } from './parse-walk-tree.js';
import type { Scope } from './parse-walk-values.js';
import { assignment, declaration, forLoop } from './parse-walk-assign.js';
import { command, recover, redirected, statement } from './parse-walk-command.js';
import type { WalkOps } from './parse-walk-ops.js';

// Returns the node's static stdout when known (for the next pipeline stage).
export function dispatch(walk: WalkOps, node: Node, scope: Scope, stdin: string | undefined): string | undefined {
  switch (node.type) {
    case 'command':
      return command(walk, node, scope, [], stdin);
    case 'redirected_statement': {
      const body = node.childForFieldName('body')?.type;
      if (body !== 'list' && body !== 'pipeline') return redirected(walk, node, scope, stdin, []);
      if (body === 'pipeline') {
        walk.pipeline(linearise(node, 'pipeline').map((stage) => (s: Scope, input: string | undefined) => statement(walk, stage, s, input)), scope);
        return undefined;
      }
      for (const item of linearise(node, 'list')) statement(walk, item, scope, stdin);
      return undefined;
    }
    case 'pipeline':
      walk.pipeline(linearise(node, 'pipeline').map((stage) => (s: Scope, input: string | undefined) => statement(walk, stage, s, input)), scope);
      return undefined;
    case 'list':
      for (const item of linearise(node, 'list')) statement(walk, item, scope, stdin);
      return undefined;
    case 'function_definition': {
      const name = node.childForFieldName('name')?.text ?? '';
      walk.functions.add(name);
      const body = node.childForFieldName('body');
      if (body) walk.node(body, { ...scope, functionName: name, pipes: [], background: false }, undefined);
      return undefined;
    }
    case 'for_statement':
      forLoop(walk, node, scope);
      return undefined;
    case 'variable_assignment':
      walk.assignments.push({ name: assignment(walk, node, scope, true).name, text: node.text });
      return undefined;
    case 'command_substitution':
    case 'process_substitution':
      walk.substitution(node, scope);
      return undefined;
    case 'comment':
      return undefined;
    case 'ERROR':
      recover(walk, node, scope);
      return undefined;
    default:
      if (DECLARATIONS.has(node.type)) {
        declaration(walk, node, scope);
        return undefined;
      }
      walk.children(node, LOOPS.has(node.type) ? { ...scope, loop: true } : scope, stdin);
      return undefined;
  }
}
