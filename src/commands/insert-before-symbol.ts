import { defineCommand } from '../engine/command.js';
import { insertBeside } from '../code/symbol-edit.js';
import { formatSymbolEdit, runSymbolEdit, symbolFlagsWithContent, symbolTouches } from '../code/symbol-edit-run.js';
import { sameNameHint } from './path-hints.js';

export const insertBeforeSymbolCommand = defineCommand({
  name: 'insert-before-symbol',
  aliases: ['insert_before_symbol'],
  summary: 'Insert lines before a symbol',
  guide: 'Goes above its decorators and export, at its indentation.',
  flags: symbolFlagsWithContent,
  positional: 'file',
  examples: ['insert-before-symbol --file tool.py --symbol Greeter --content "def helper():\\n    return 1"'],
  effect: 'write',
  effectArgs: [],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: false },
  notFoundHint: sameNameHint,
  touches: symbolTouches,
  run: (args, ctx) => runSymbolEdit(ctx, 'insert-before-symbol', args, (text, range) => insertBeside(text, range, args.content, 'before')),
  format: formatSymbolEdit('inserted before'),
});
