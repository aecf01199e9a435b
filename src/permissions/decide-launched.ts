import { seesThrough } from '../shell/parse-launch-guess.js';
import type { DecideContext } from './decide-common.js';
import { ruleText } from './decide-common.js';
import type { Immunity } from './immune.js';
import { toArgv } from './argv.js';
import { countedLaunches, guessesFrom, launchedLines, tail } from './immune-words.js';
import type { RuleMatch } from './policy.js';
import { isReadOnlyName } from './readonly.js';
import { mayStart, noHeads, ruleHeads } from './rule-heads.js';
import { commandSubjects, spellCommand } from './shell-subjects.js';
import type { Action, Decision, Judged, ShellParse, SimpleCommand } from './types.js';

// The class of red team R17-17 and issue 26 (programs that run other programs): a program codeward has no row for
// (`gpg-agent --daemon git push`, `npx some-runner -- git push`, `nice foo git push`, a package manager's tail) may
// start a command from its words. Which word it hands on is a guess, so the guessed line is never allowed or denied
// by it, but when a deny rule forbids what the guess reads, only a person can tell whether it runs: never --yes,
// never an allow rule; an ask rule it meets asks. A program with a row is judged by its row (the planner), never
// here. Two guesses: the walker's (parse-launch-guess.ts: from each word naming a shell, wrapper or launcher, parsed
// as a line), and here, from each word a rule's program word names (rule-heads.ts: read as the rest of the words,
// no parse), so a rule on any program meets it behind any wrapper in one pass over the words.

// Suffixes read per line from the rules' program words; past it the line needs a person (fail closed).
export const MAX_HEAD_TAILS = 64;

interface Found {
  readonly program: string;
  readonly spelling: string;
  // The command whose words were guessed.
  readonly where: string;
  // Undefined: more suffixes than MAX_HEAD_TAILS.
  readonly match: RuleMatch | undefined;
}

// Every command whose words are guessed: the line's own readings and the lines guessed from them.
function guessing(parse: ShellParse): SimpleCommand[] {
  const readings = [parse, ...(parse.alternatives ?? []), ...launchedLines(parse, isReadOnlyName)];
  return readings.flatMap((reading) => reading.commands).filter((command) => {
    const argv = toArgv(command);
    return argv !== undefined && !seesThrough(argv.name) && guessesFrom(command, argv, isReadOnlyName);
  });
}

// The first rule of `action` a guessed line meets, with the line's spelling.
export function ruleMet(judged: Judged, ctx: DecideContext, guessed: SimpleCommand, runDir: string, action: Action): { spelling: string; match: RuleMatch } | undefined {
  const spelling = spellCommand(guessed, runDir, ctx.policy.root);
  // What the guessed line may be when a word of it is only known at run time counts too: it is a guess already.
  const unclear = (spelling.unclear ?? []).map((text) => ({ text: `${judged.tool} ${text}`, command: judged.command }));
  const subjects = commandSubjects(judged.tool, judged.command, spelling, judged.qualifiers);
  const match = ctx.policy.match({ others: [subjects.canonical, ...subjects.others, ...unclear] }, (rule) => rule.action === action);
  return match === undefined ? undefined : { spelling: spelling.canonical, match };
}

function launchedMatch(judged: Judged, ctx: DecideContext, parse: ShellParse, runDir: string, action: Action): Found | undefined {
  const matching = (guessed: SimpleCommand): { spelling: string; match: RuleMatch } | undefined => ruleMet(judged, ctx, guessed, runDir, action);
  for (const reading of [parse, ...(parse.alternatives ?? [])]) {
    for (const command of reading.commands) {
      const argv = toArgv(command);
      if (argv === undefined) continue;
      for (const line of countedLaunches(command, argv, isReadOnlyName)) {
        for (const guessed of [line, ...launchedLines(line, isReadOnlyName)].flatMap((each) => each.commands)) {
          const hit = matching(guessed);
          if (hit) return { program: argv.name, where: command.text, ...hit };
        }
      }
    }
  }
  const commands = guessing(parse);
  const heads = commands.length === 0 ? undefined : ruleHeads(ctx.policy, judged.command, action);
  if (heads === undefined || noHeads(heads)) return undefined;
  let tails = 0;
  for (const command of commands) {
    const program = toArgv(command)!.name;
    for (let k = 1; k < command.words.length; k++) {
      if (!mayStart(command.words[k]!, heads)) continue;
      if (++tails > MAX_HEAD_TAILS) return { program, spelling: command.text, where: command.text, match: undefined };
      const hit = matching(tail(command, k, program).commands[0]!);
      if (hit) return { program, where: command.text, ...hit };
    }
  }
  return undefined;
}

const reasonOf = (found: Found): string =>
  found.match === undefined
    ? `\`${found.program}\` is a program codeward has no row for, and its words hold more than ${MAX_HEAD_TAILS} places a line a rule names may start (only a person can tell what it runs)`
    : `\`${found.program}\` is a program codeward has no row for, and its words may start \`${found.spelling}\`, which ${ruleText(found.match)} ${found.match.action === 'deny' ? 'forbids (only a person can tell what it runs)' : 'asks about'}`;

export function launchedDenial(judged: Judged, ctx: DecideContext, parse: ShellParse, runDir: string): Immunity | undefined {
  const found = launchedMatch(judged, ctx, parse, runDir, 'deny');
  return found === undefined ? undefined : { name: 'launched-denial', description: reasonOf(found), where: found.where };
}

// An ask rule the guessed line meets: the line asks (a person or --yes answers, as for the rule itself).
export function launchedAsk(judged: Judged, ctx: DecideContext, parse: ShellParse, runDir: string): Decision | undefined {
  const found = launchedMatch(judged, ctx, parse, runDir, 'ask');
  if (found === undefined) return undefined;
  return { decision: 'ask', reason: `needs approval: ${reasonOf(found)}`, source: found.match?.source ?? 'default', ...(found.match ? { rule: found.match.rule } : {}), judged: judged.call, part: found.spelling };
}
