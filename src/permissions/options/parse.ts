import type { OptionDef, OptionTable, ParsedArgs, ParsedOption } from './types.js';

// Arguments parsed the way getopt_long (GNU) and git's parse-options parse them: `--` ends the options,
// `--name=value` and `--name value`, any unique prefix of a long option (an exact name wins), combined
// short flags (`-rn`), a short option's value attached or in the next word (`-oFILE`, `-o FILE`).

// Every long option `spelled` may mean: the exact one, else every option it is a prefix of.
export function resolveLong(table: OptionTable, name: string): OptionDef[] {
  const exact = table.long.get(name);
  if (exact) return [exact];
  if (!table.abbreviations) return [];
  const found = new Map<string, OptionDef>();
  for (const [spelling, def] of table.long) if (spelling.startsWith(name)) found.set(`${def.name}\0${def.arity}\0${def.unsafe ?? ''}`, def);
  return [...found.values()];
}

interface State {
  readonly options: ParsedOption[];
  readonly problems: string[];
}

function parseLong(table: OptionTable, args: readonly string[], i: number, state: State): number {
  const arg = args[i]!;
  const eq = arg.indexOf('=');
  const name = eq < 0 ? arg : arg.slice(0, eq);
  const candidates = name.length > (table.singleDashLong ? 1 : 2) ? resolveLong(table, name) : [];
  if (candidates.length === 0) {
    state.problems.push(`${arg} is not an option this table knows`);
    return i + 1;
  }
  const arities = new Set(candidates.map((c) => c.arity));
  const def = candidates.find((c) => c.unsafe) ?? candidates[0]!;
  if (arities.size > 1) state.problems.push(`${name} is an ambiguous abbreviation (${candidates.map((c) => c.name).join(', ')})`);
  let value: string | undefined;
  let next = i + 1;
  if (eq >= 0) {
    value = arg.slice(eq + 1);
    if (def.arity === 'none') state.problems.push(`${name} takes no value`);
  } else if (def.arity === 'required') {
    if (next >= args.length) state.problems.push(`${name} needs a value`);
    else value = args[next++];
  }
  state.options.push({ def, candidates, spelled: arg, ...(value === undefined ? {} : { value }) });
  return next;
}

function parseShort(table: OptionTable, args: readonly string[], i: number, state: State): number {
  const arg = args[i]!;
  if (table.numericOption && /^-\d+$/.test(arg)) return i + 1;
  for (let j = 1; j < arg.length; j++) {
    const letter = arg[j]!;
    const def = table.short.get(letter);
    if (!def) {
      state.problems.push(`-${letter} (in ${arg}) is not an option this table knows`);
      // The rest of the word may be this option's value: nothing after it can be trusted.
      return i + 1;
    }
    if (def.arity === 'none') {
      state.options.push({ def, candidates: [def], spelled: `-${letter}` });
      continue;
    }
    const attached = arg.slice(j + 1);
    if (attached !== '' || def.arity === 'optional') {
      state.options.push({ def, candidates: [def], spelled: arg, ...(attached === '' ? {} : { value: attached }) });
      return i + 1;
    }
    if (i + 1 >= args.length) {
      state.problems.push(`-${letter} needs a value`);
      state.options.push({ def, candidates: [def], spelled: arg });
      return i + 1;
    }
    state.options.push({ def, candidates: [def], spelled: arg, value: args[i + 1]! });
    return i + 2;
  }
  return i + 1;
}

export function parseArgs(table: OptionTable, args: readonly string[]): ParsedArgs {
  const state: State = { options: [], problems: [] };
  const operands: string[] = [];
  let i = 0;
  let optionsEnded = false;
  while (i < args.length) {
    const arg = args[i]!;
    if (optionsEnded || arg === '-' || !arg.startsWith('-')) {
      operands.push(arg);
      if (!table.permute) optionsEnded = true;
      i += 1;
    } else if (arg === '--') {
      optionsEnded = true;
      i += 1;
    } else if (arg.startsWith('--') || table.singleDashLong) {
      i = parseLong(table, args, i, state);
    } else {
      i = parseShort(table, args, i, state);
    }
  }
  return { options: state.options, operands, problems: state.problems };
}

// Why these parsed arguments are not read-only as far as options go.
export function optionVeto(program: string, parsed: ParsedArgs): string | undefined {
  if (parsed.problems.length > 0) return `${program}: ${parsed.problems[0]}, so what it does is not known`;
  for (const option of parsed.options) {
    const bad = option.candidates.find((c) => c.unsafe);
    if (bad) return `${program} ${option.spelled}${option.spelled.split('=')[0] === bad.name ? '' : ` (${bad.name})`} ${bad.unsafe}`;
  }
  return undefined;
}
