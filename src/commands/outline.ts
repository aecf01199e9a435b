import * as z from 'zod/mini';
import { pathText } from '../engine/schema.js';
import { defineCommand, type CommandContext } from '../engine/command.js';
import { fail } from '../engine/errors.js';
import { LANGUAGES } from '../code/languages.js';
import type { CodeSymbol } from '../code/outline.js';
import { formatSymbolTree } from '../code/format.js';

const flags = z.strictObject({
  file: pathText('source file'),
});

type OutlineArgs = z.infer<typeof flags>;

export interface OutlineData {
  path: string;
  language: string;
  lines: number;
  symbols: readonly CodeSymbol[];
}

export function supportedEndings(): string {
  return LANGUAGES.map((language) => `${language.id} (${language.extensions.join(' ')})`).join(', ');
}

async function run(args: OutlineArgs, ctx: CommandContext): Promise<OutlineData> {
  const target = ctx.path(args.file);
  if (target.kind === 'dir') throw fail('C210', `${args.file} is a folder; outline takes one file (symbols --name N --dir ${args.file} searches a folder)`);
  const [{ languageOf }, { readCodeFile }, { outlineCache }] = await Promise.all([
    import('../code/languages.js'), import('../code/index/read-code.js'), import('../code/outline-cache.js'),
  ]);
  const language = languageOf(target.rel);
  if (language === undefined) throw fail('C210', `${args.file} is not a source file codeward parses; supported endings: ${supportedEndings()}; read it with read --file ${args.file}`);
  const file = await readCodeFile(ctx.workspace, target);
  if ('skip' in file) throw fail('C213', `${args.file} is not outlined: ${file.skip}; read it with read --file ${args.file} --start N --end M`);
  const symbols = (await outlineCache(ctx).outline(ctx, target.real, target.rel, file.text)) ?? [];
  const lines = file.text.length === 0 ? 0 : file.text.split('\n').length - (file.text.endsWith('\n') ? 1 : 0);
  return { path: target.rel, language: language.id, lines, symbols };
}

function format(data: OutlineData): string {
  const head = `${data.path} (${data.language}, ${data.lines} lines)`;
  if (data.symbols.length === 0) return `${head}: no definitions`;
  return `${head}\n${formatSymbolTree(data.symbols)}`;
}

export const outlineCommand = defineCommand({
  name: 'outline',
  aliases: ['list_code_definition_names', 'get_symbols_overview', 'document_symbols', 'file_outline'],
  summary: 'A code file\'s symbols, before reading it whole: name path (Class/method), kind, lines, first line',
  guide: 'Then read only the lines you need.',
  flags,
  flagAliases: { path: 'file', filePath: 'file', relativePath: 'file' },
  positional: 'file',
  examples: ['outline --file src/app.ts'],
  effect: 'read',
  effectArgs: [],
  annotations: { readOnly: true, destructive: false, idempotent: true },
  touches: (args) => [{ path: args.file, access: 'read' }],
  run,
  format,
});
