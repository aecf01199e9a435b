import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Markers for characters that cannot sit on one line of a text file.
const MARKERS: Record<string, string> = { '<CR>': '\r', '<TAB>': '\t', '<NBSP>': '\u00a0', '<ZWSP>': '\u200b', '<NL>': '\n' };

// One command line per line; `#` comment lines and blank lines skipped.
export function loadCommands(name: 'destructive.txt' | 'benign.txt'): string[] {
  const text = readFileSync(fileURLToPath(new URL(`./data/${name}`, import.meta.url)), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
    .map((line) => line.replace(/<CR>|<TAB>|<NBSP>|<ZWSP>|<NL>/g, (marker) => MARKERS[marker]!));
}

export const CONTEXT = { home: '/home/dev', workspace: '/home/dev/proj' } as const;
