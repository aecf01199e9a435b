import { grammarOf, type ProgramGrammar } from './canonical-grammars.js';

// The command as the program reads it (red team R13-14): the base name, the program's global options
// removed, its subcommand aliases resolved (`git -C . --no-pager push` -> `git push`, `npm --silent rum
// deploy` -> `npm run deploy`, `cargo +nightly -C x b` -> `cargo build`). Deny and ask rules see these
// spellings beside the typed ones (shell-subjects.ts); allow rules never do (they keep matching the command
// as it will run). When an option before the subcommand is one the program's table does not know (or a word
// only known at run time), which word is the subcommand is not known: every later word is a candidate,
// and a deny rule matching one of them needs a person (decide-shell.ts), never --yes.

export interface Token {
  readonly value: string;
  // The word as shown in a spelling (quoted, or its source text when only known at run time).
  readonly shown: string;
  readonly dynamic: boolean;
}

export interface CanonicalReading {
  // Spellings the program certainly runs (each a list of shown words).
  readonly forms: readonly (readonly string[])[];
  // Spellings it may run: an option before the subcommand was not understood.
  readonly unclear: readonly (readonly string[])[];
}

type Kind = 'value' | 'numeric' | 'flag' | 'sub' | 'stop' | 'unknown';

function kindOf(g: ProgramGrammar, word: string): Kind {
  if (g.stop?.includes(word)) return 'stop';
  if (g.subOption !== undefined && word.startsWith(g.subOption)) return 'sub';
  const eq = word.indexOf('=');
  if (word.startsWith('--') && eq > 0) {
    const name = word.slice(0, eq);
    return g.value.includes(name) || g.flags.includes(name) || g.numeric?.includes(name) || g.unknownIsFlag ? 'flag' : 'unknown';
  }
  if (g.value.includes(word)) return 'value';
  if (g.numeric?.includes(word)) return 'numeric';
  if (g.flags.includes(word)) return 'flag';
  if (/^-[A-Za-z]./.test(word) && !word.startsWith('--')) {
    const head = word.slice(0, 2);
    // A value or a count joined to its short option (`-Csub`, `-j4`), or short flags run together (`-uB`).
    if (g.value.includes(head) || (g.numeric?.includes(head) && /^\d+$/.test(word.slice(2)))) return 'flag';
    if ([...word.slice(1)].every((letter) => g.flags.includes(`-${letter}`))) return 'flag';
  }
  return g.unknownIsFlag ? 'flag' : 'unknown';
}

// How many words an option takes (itself included).
function width(g: ProgramGrammar, tokens: readonly Token[], i: number): number {
  const kind = kindOf(g, tokens[i]!.value);
  if (kind === 'value') return 2;
  if (kind === 'numeric') return /^\d+$/.test(tokens[i + 1]?.value ?? '') ? 2 : 1;
  // nopt (npm) reads `--flag true` and `--flag false` as the flag's value.
  if (g.unknownIsFlag && !tokens[i]!.value.includes('=') && /^(?:true|false)$/.test(tokens[i + 1]?.value ?? '')) return 2;
  return 1;
}

const isOption = (token: Token): boolean => token.value.startsWith('-') && token.value !== '-';
const isAssignment = (g: ProgramGrammar, token: Token): boolean => g.assignments === true && /^[A-Za-z_][A-Za-z0-9_]*[:+?!]?=/.test(token.value);

// The words from a `--` on (`end`, then `after`), `kept`: the words before it. The `--` ends the program's options
// and is not a word the subcommand sees (`npm run --silent -- deploy` runs deploy: R15-2). A package manager passes
// the words after it to the script, never reads them as its own options (R24-5 depth): where one of them looks like
// an option (`npm run build -- --x=deploy`, `npm test -- --watch`) the `--` stays, moved past the script's name when
// it stands before it (`npm run -- deploy --x` is `npm run deploy -- --x`). Dropped as before where nothing after it
// looks like an option, and for the subcommands whose words after it are a command (`npm exec -- git push`).
function fromEnd(g: ProgramGrammar, sub: string, kept: readonly Token[], end: Token, after: readonly Token[]): Token[] {
  if (g.keepsEnd === undefined || g.keepsEnd.includes(sub) || !after.some(isOption)) return [...kept, ...after];
  if (kept.length === 0 && !isOption(after[0]!)) return [after[0]!, end, ...after.slice(1)];
  return [...kept, end, ...after];
}

// Options after the subcommand dropped, up to `--` (programs that read options anywhere).
function withoutOptions(g: ProgramGrammar, sub: string, tokens: readonly Token[]): Token[] {
  const kept: Token[] = [];
  for (let i = 0; i < tokens.length; ) {
    if (tokens[i]!.value === '--') return fromEnd(g, sub, kept, tokens[i]!, tokens.slice(i + 1));
    if (isOption(tokens[i]!)) i += width(g, tokens, i);
    else if (isAssignment(g, tokens[i]!)) i += 1;
    else kept.push(tokens[i++]!);
  }
  return kept;
}

function formsAt(g: ProgramGrammar, name: string, tokens: readonly Token[], i: number): string[][] {
  const word = tokens[i]!;
  const rest = tokens.slice(i + 1);
  if (g.subOption !== undefined && word.value.startsWith(g.subOption)) {
    const joined = word.value.slice(g.subOption.length);
    const module = joined === '' ? rest[0] : { ...word, shown: joined };
    return module === undefined ? [] : [[name, g.subOption, module.shown, ...rest.slice(joined === '' ? 1 : 0).map((t) => t.shown)]];
  }
  const sub = word.dynamic ? word.shown : (g.resolve?.(word.value) ?? g.aliases?.[word.value] ?? word.value);
  const forms = [[name, sub, ...rest.map((t) => t.shown)]];
  if (g.anywhere) forms.push([name, sub, ...withoutOptions(g, sub, rest).map((t) => t.shown)]);
  // `yarn run -- deploy`: a `--` right after the subcommand ends options before its operand.
  else if (rest[0]?.value === '--') forms.push([name, sub, ...fromEnd(g, sub, [], rest[0], rest.slice(1)).map((t) => t.shown)]);
  if (g.implicitRun && !word.dynamic && !g.implicitRun.includes(sub)) forms.push([name, 'run', sub, ...rest.map((t) => t.shown)]);
  return forms;
}

// `git -c alias.p=push p`: the alias git itself expands (a `!` alias runs a shell line: immune-git.ts's).
// Not options/git.ts's parser: a cold read loads this module (shell-subjects.ts), never the option tables.
function gitAlias(tokens: readonly Token[], form: readonly string[] | undefined): string[][] {
  const [, sub, ...rest] = form ?? [];
  if (sub === undefined) return [];
  for (let i = 1; i + 1 < tokens.length; i++) {
    const set = tokens[i]!.value === '-c' ? /^alias\.([^=]+)=(.*)$/is.exec(tokens[i + 1]!.value) : null;
    const text = set?.[2]?.trim() ?? '';
    if (set && set[1]!.toLowerCase() === sub.toLowerCase() && text !== '' && !text.startsWith('!')) return [['git', ...text.split(/\s+/), ...rest]];
  }
  return [];
}

export function canonicalReading(name: string, tokens: readonly Token[]): CanonicalReading {
  const g = grammarOf(name);
  if (g === undefined || tokens.length < 2) return { forms: [], unclear: [] };
  let i = g.selector?.test(tokens[1]!.value) ? 2 : 1;
  let unknown = -1;
  while (i < tokens.length) {
    const token = tokens[i]!;
    if (token.value === '--' && g.subOption === undefined) {
      i += 1;
      break;
    }
    // A word only known at run time before the subcommand may be any number of options.
    if (token.dynamic && (token.value === '' || isOption(token))) unknown = unknown < 0 ? i : unknown;
    else if (isAssignment(g, token)) {
      i += 1;
      continue;
    } else if (!isOption(token)) break;
    else {
      const kind = kindOf(g, token.value);
      if (kind === 'stop') return { forms: [], unclear: [] };
      if (kind === 'sub') break;
      if (kind === 'unknown' && unknown < 0) unknown = i;
    }
    i += token.dynamic ? 1 : width(g, tokens, i);
  }
  if (unknown >= 0) {
    const unclear: string[][] = [];
    // A word only known at run time may itself be the subcommand (`git $(cat f)`).
    for (let j = tokens[unknown]!.dynamic ? unknown : unknown + 1; j < tokens.length; j++) if (!isOption(tokens[j]!) && !isAssignment(g, tokens[j]!)) unclear.push(...formsAt(g, name, tokens, j));
    return { forms: [], unclear };
  }
  const forms = i < tokens.length ? formsAt(g, name, tokens, i) : [];
  return { forms: name === 'git' ? [...forms, ...gitAlias(tokens, forms[0])] : forms, unclear: [] };
}
