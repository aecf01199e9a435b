import { defineCommand } from '../engine/command.js';
import { insertBeside } from '../code/symbol-edit.js';
import { formatSymbolEdit, runSymbolEdit, symbolFlagsWithContent, symbolTouches } from '../code/symbol-edit-run.js';
import { sameNameHint } from './path-hints.js';

export const insertAfterSymbolCommand = defineCommand({
  name: 'insert-after-symbol',
  aliases: ['insert_after_symbol'],
  summary: 'Insert lines after a symbol',
  guide: 'Adds a sibling definition at its indentation.',
  flags: symbolFlagsWithContent,
  positional: 'file',
  examples: ['insert-after-symbol --file src/app.ts --symbol Greeter/greet --content "bye(): number {\\n  return 1;\\n}"'],
  effect: 'write',
  effectArgs: [],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: false },
  notFoundHint: sameNameHint,
  touches: symbolTouches,
  run: (args, ctx) => runSymbolEdit(ctx, 'insert-after-symbol', args, (text, range) => insertBeside(text, range, args.content, 'after')),
  format: formatSymbolEdit('inserted after'),
});
