import { defineCommand } from '../engine/command.js';
import { replaceRange } from '../code/symbol-edit.js';
import { formatSymbolEdit, runSymbolEdit, symbolFlagsWithContent, symbolTouches } from '../code/symbol-edit-run.js';
import { sameNameHint } from './path-hints.js';

export const replaceSymbolCommand = defineCommand({
  name: 'replace-symbol',
  aliases: ['replace_symbol'],
  summary: 'Replace a symbol (Class/method) by its name path',
  guide: 'For a whole definition, instead of patch: the range includes decorators, export and trailing ;.',
  flags: symbolFlagsWithContent,
  positional: 'file',
  examples: ['replace-symbol --file src/app.ts --symbol Greeter/greet --content "greet(who: string): string {\\n  return who;\\n}"'],
  effect: 'write',
  effectArgs: [],
  dryRun: true,
  annotations: { readOnly: false, destructive: true, idempotent: false },
  notFoundHint: sameNameHint,
  touches: symbolTouches,
  run: (args, ctx) => runSymbolEdit(ctx, 'replace-symbol', args, (text, range) => replaceRange(text, range, args.content)),
  format: formatSymbolEdit('replaced'),
});
