import { defineCommand } from '../engine/command.js';
import { deleteRange } from '../code/symbol-edit.js';
import { formatSymbolEdit, runSymbolEdit, symbolFlagsOnly, symbolTouches } from '../code/symbol-edit-run.js';
import { sameNameHint } from './path-hints.js';

export const deleteSymbolCommand = defineCommand({
  name: 'delete-symbol',
  aliases: ['delete_symbol'],
  summary: 'Delete a symbol by its name path',
  guide: 'Whole lines go; --with-comments takes its doc comment too.',
  flags: symbolFlagsOnly,
  positional: 'file',
  examples: ['delete-symbol --file src/app.ts --symbol Greeter/old --with-comments'],
  effect: 'write',
  effectArgs: [],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: false },
  notFoundHint: sameNameHint,
  touches: symbolTouches,
  run: (args, ctx) => runSymbolEdit(ctx, 'delete-symbol', args, (text, range) => deleteRange(text, range)),
  format: formatSymbolEdit('deleted'),
});
