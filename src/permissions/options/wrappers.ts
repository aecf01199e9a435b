import { baseName } from '../argv.js';
import { optionVeto, parseArgs } from './parse.js';
import { spec } from './spec.js';

// The wrappers the allowlist accepts change how a command runs, not what it does, except GNU time's
// -o/--output (and its abbreviations), which writes a file: `\time -o x ls`, `nice time --out=x ls`
// (bash's `time` keyword takes only -p, but /usr/bin/time runs whenever the keyword does not apply).
const TIME = spec({
  safe: '-p|--portability -f=|--format= -a|--append -v|--verbose -q|--quiet --help -V|--version',
  unsafe: { '-o=|--output=': 'writes a file' },
  permute: false,
});

// The wrapper's own words are only in the command's text: split it as the shell would for plain words.
export function wrapperVeto(text: string, wrappers: readonly string[]): string | undefined {
  if (!wrappers.includes('time')) return undefined;
  const words = text.trim().split(/\s+/).map((word) => word.replace(/^['"]|['"]$/g, ''));
  for (let i = 0; i < words.length; i++) {
    if (baseName(words[i]!) !== 'time') continue;
    const veto = optionVeto('time', parseArgs(TIME.table!, words.slice(i + 1)));
    if (veto) return veto;
  }
  return undefined;
}
