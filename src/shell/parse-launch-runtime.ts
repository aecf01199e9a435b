// A word only known at run time standing where a launcher's option may stand (issue 26, dyn20): `tar -cf a.tar "$X"`
// with X=`--to-command=git push origin`, or `tar -czf a.tgz *` in a repository that ships a file named
// `--checkpoint-action=exec=git push origin` (tar wildcard injection), runs what the same option spelled on the line
// is asked or refused for. Every launch reader asks this module, at each place its program reads an option (not in
// the value place of a known valued option, not after `--`), whether the word there may be an option; such a word
// is a launch of a line only known at run time (the dynamic-command immunity answers it, in these words).
import type { Launch } from './parse-launchers.js';
import type { RawWord } from './parse-words.js';
import type { WordLike } from './parse-wrappers.js';

// The static text of a word before its first run-time part (an expansion, or an unquoted glob character the shell
// may expand to a planted file's name); undefined for a word known in full. `"$X"`, `*`, `[-]*` → ''; `-$X` → '-';
// `--to-$X` → '--to-'; `out/$X.tar` → 'out/'.
export function leadOf(raw: RawWord): string | undefined {
  let lead = '';
  for (const part of raw.parts) {
    if (part.kind === 'tilde') lead += `~${part.user}`;
    else if (part.kind !== 'literal') return lead;
    else if (part.quoted) lead += part.value;
    else {
      // An extglob (`@(..)`, `!(..)`, `+(..)`) or a wildcard; a `[` only with its closing `]` (else a literal).
      const glob = part.value.search(/[*?]|[@!+]\(|\[(?=[^\]]*\])/);
      if (glob >= 0) return lead + part.value.slice(0, glob);
      lead += part.value;
    }
  }
  return undefined;
}

// Whether the word may be an option at run time: its run-time part comes first (`"$X"`, `*`), or after a dash that
// names no option yet (`-$X`, `--$X`, `--to-$X`; not `--file=$F`, a known option's value). `-LETTERS$X` may be more
// bundled letters when every letter is one of `flags` (getopt: `tar -c$X` with X=`Igit push`); without `flags` the
// reader does not know its letters and the word is taken as one whose value follows them (`ssh -i$KEY`).
export function mayBeOption(word: WordLike, flags?: string): boolean {
  const lead = word.lead;
  if (lead === undefined) return false;
  if (lead === '' || lead === '-' || lead === '--') return true;
  if (lead.startsWith('--')) return !lead.includes('=');
  if (!lead.startsWith('-') || flags === undefined) return false;
  return [...lead.slice(1)].every((letter) => flags.includes(letter));
}

// The launch such a word is: a line only known at run time, with why (`tar`'s word `$X` ...).
export function runtimeOption(program: string, word: WordLike, what = 'may be an option that runs a program'): Launch {
  // The way out named in the question: a file name spelled so it cannot be an option.
  const fix = /^[*?[]/.test(word.value) ? ` (if it names files, write \`./${word.value}\` or put \`--\` before it)` : ' (if it is a file name, put `--` before it)';
  return { kind: 'text', text: word.value, runtime: `\`${program}\`'s word \`${word.value}\` ${what}${fix}` };
}

// The grammar of a program's options, enough to tell an option place from a value place.
export interface OptionGrammar {
  // Short flags taking no value (`-czvf`: c, z, v), for bundles with a run-time tail.
  readonly flags?: string;
  // Short options taking a value (the next word, or the rest of the word).
  readonly valued: string;
  // Long options taking a value when not written `--opt=VALUE` (getopt_long: any prefix of three letters or more).
  readonly long?: readonly string[];
  // Options end at the first operand (BSD getopt, a tracer's command); GNU getopt reads options anywhere.
  readonly stopAtOperand?: boolean;
}

// Whether `word` (a static option) makes the next word its value.
function takesNext(value: string, grammar: OptionGrammar): boolean {
  if (value.startsWith('--')) {
    if (value.includes('=')) return false;
    const name = value.slice(2);
    return name.length >= 3 && (grammar.long ?? []).some((long) => long.startsWith(name));
  }
  for (let k = 1; k < value.length; k++) if (grammar.valued.includes(value[k]!)) return k === value.length - 1;
  return false;
}

// The launches of every word of `words` (from `from`) that stands in an option place and may be an option at run
// time. `skip(i)`: how many words at i the reader has read itself (a launching option and its value), or 0.
export function runtimeOptions(program: string, words: readonly WordLike[], grammar: OptionGrammar, from = 1, skip: (i: number) => number = () => 0): Launch[] {
  const out: Launch[] = [];
  for (let i = from; i < words.length; i++) {
    const word = words[i]!;
    const read = skip(i);
    if (read > 0) {
      i += read - 1;
      continue;
    }
    if (!word.dynamic && word.value === '--') break;
    if (mayBeOption(word, grammar.flags)) out.push(runtimeOption(program, word));
    else if (word.value.startsWith('-') && word.value.length > 1) {
      // A run-time tail after a dash is a value written in the word (`-f$OUT`, `--file=$F`).
      if (word.lead === undefined && takesNext(word.value, grammar)) i++;
    } else if (grammar.stopAtOperand) break;
  }
  return out;
}
