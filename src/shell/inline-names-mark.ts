// Marks each python or js command of a parse whose inline code uses a name the closed reader does not know
// (inline-names.ts: `inlineNames`, the reason). The reader is loaded only when the line gives such code, so a line
// without any (`ls`, `git status`) never loads it.
import { inlineProgram, languageOf } from './parse-inline.js';
import type { ShellParse, SimpleCommand } from './parse-types.js';

type Found = Array<readonly [SimpleCommand, 'python' | 'js', string]>;

// The commands with python or js code, in every reading and every line a command launches.
function collect(parse: ShellParse, found: Found, depth: number): void {
  for (const reading of [parse, ...(parse.alternatives ?? [])]) {
    for (const command of reading.commands) {
      if (depth < 8) for (const launched of command.launches ?? []) collect(launched, found, depth + 1);
      const language = command.name === null ? undefined : languageOf(command.name);
      if (language !== 'python' && language !== 'js') continue;
      const code = inlineProgram(command.name!, command.words)?.code ?? command.stdinProgram;
      if (code !== undefined) found.push([command, language, code]);
    }
  }
}

export async function markInlineNames(parse: ShellParse): Promise<ShellParse> {
  const found: Found = [];
  collect(parse, found, 0);
  if (found.length === 0) return parse;
  const { unknownName } = await import('./inline-names.js');
  for (const [command, language, code] of found) {
    const reason = unknownName(language, code);
    if (reason !== undefined) (command as { inlineNames?: string }).inlineNames = reason;
  }
  return parse;
}
