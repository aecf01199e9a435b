import { inlineProgram, languageOf } from '../shell/parse-inline.js';
import type { ShellWord } from '../shell/parse-types.js';
import { staticWord } from '../shell/parse-walk-values.js';
import { INTERPRETERS, SHELLS, shellMode } from '../shell/parse-wrappers.js';
import { toArgv } from './argv.js';
import type { DecideContext } from './decide-common.js';
import { ruleText } from './decide-common.js';
import { ruleMet } from './decide-launched.js';
import { launchedLines, tail } from './immune-words.js';
import { isReadOnlyName } from './readonly.js';
import { mayStart, noHeads, ruleHeads } from './rule-heads.js';
import type { Decision, Judged, ShellParse, SimpleCommand } from './types.js';

// Issue 26 (guess19): an interpreter running a FILE hands the file its operands (`python3 tool.py git push
// origin`, `bash run.sh git push`, `node s.js git push`), and what the file does with them is not read. A
// script that runs its arguments as a command is common (task runners, wrappers), so when the operands, read
// as a line from a word a rule's program word names, meet a DENY rule, the call asks naming that rule. Only
// deny rules: `node script.js build` stays free under ordinary policies; and an ask, not a denial: the script
// may never run them (a person sees the line and the rule). The file's own text is judged where it is known
// (parse-plan.ts `file` items); this is about the words given to it.

// Suffixes read per line; past it the line asks too (fail closed).
const MAX_OPERAND_TAILS = 64;

// The index of the first operand a script file is given, when the command is an interpreter or a shell
// running a file (not a program given as text, not one read from stdin).
function operandsFrom(command: SimpleCommand, name: string): number | undefined {
  const words = command.words;
  let file: number | undefined;
  if (SHELLS.has(name)) {
    const mode = shellMode(words);
    file = mode.kind === 'file' ? mode.index : undefined;
  } else if ((INTERPRETERS.has(name) || languageOf(name) !== undefined) && inlineProgram(name, words) === undefined) {
    // Options are skipped whatever their values (`python3 -W ignore tool.py`, `python3 -m pkg`): reading a
    // value as the file only reads one more word as an operand (an ask under a deny rule, never an allow).
    const at = words.findIndex((word, k) => k > 0 && !word.value.startsWith('-'));
    file = at < 0 ? undefined : at;
  }
  return file === undefined || file + 1 >= words.length ? undefined : file + 1;
}

// An operand with a space (`python3 tool.py "git push origin"`) is read as the words a script splitting it
// (or handing it to a shell) would see.
const spread = (word: ShellWord): ShellWord[] => (word.dynamic || !/\s/.test(word.value) ? [word] : word.value.split(/\s+/).filter(Boolean).map(staticWord));

interface Met {
  readonly program: string;
  readonly where: string;
  readonly spelling: string;
  readonly match: Parameters<typeof ruleText>[0] | undefined;
}

function operandsMeetDeny(judged: Judged, ctx: DecideContext, parse: ShellParse, runDir: string): Met | undefined {
  const readings = [parse, ...(parse.alternatives ?? []), ...launchedLines(parse, isReadOnlyName)];
  const commands = readings.flatMap((reading) => reading.commands).flatMap((command) => {
    const name = toArgv(command)?.name;
    const from = name === undefined ? undefined : operandsFrom(command, name);
    return from === undefined ? [] : [{ command: { ...command, words: [...command.words.slice(0, from), ...command.words.slice(from).flatMap(spread)] }, name: name!, from }];
  });
  const heads = commands.length === 0 ? undefined : ruleHeads(ctx.policy, judged.command, 'deny');
  if (heads === undefined || noHeads(heads)) return undefined;
  let tails = 0;
  for (const { command, name, from } of commands) {
    for (let k = from; k < command.words.length; k++) {
      if (!mayStart(command.words[k]!, heads)) continue;
      if (++tails > MAX_OPERAND_TAILS) return { program: name, where: command.text, spelling: command.text, match: undefined };
      const hit = ruleMet(judged, ctx, tail(command, k, name).commands[0]!, runDir, 'deny');
      if (hit) return { program: name, where: command.text, ...hit };
    }
  }
  return undefined;
}

// An allowed line whose script operands meet a deny rule: an ask naming the rule (see above).
export function scriptOperandsAsk(judged: Judged, ctx: DecideContext, parse: ShellParse, runDir: string): Decision | undefined {
  const met = operandsMeetDeny(judged, ctx, parse, runDir);
  if (met === undefined) return undefined;
  const what =
    met.match === undefined
      ? `its operands hold more than ${MAX_OPERAND_TAILS} places a line a deny rule names may start`
      : `its operands read as a line are \`${met.spelling}\`, which ${ruleText(met.match)} forbids`;
  const reason = `needs approval: \`${met.program}\` runs a script file codeward does not read, and ${what} (the script may run them)`;
  return { decision: 'ask', reason, source: met.match?.source ?? 'default', judged: judged.call, part: met.where };
}
