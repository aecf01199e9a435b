import type { DecideContext } from './decide-common.js';
import { ruleText } from './decide-common.js';
import type { Immunity } from './immune.js';
import { toArgv } from './argv.js';
import { countedLaunches, launchedLines } from './immune-words.js';
import { isReadOnlyName } from './readonly.js';
import { commandSubjects, spellCommand } from './shell-subjects.js';
import type { Judged, ShellParse } from './types.js';

// The class of red team R17-17 (programs that run other programs): a program codeward has no row for (`gpg-agent
// --daemon git push`, `npx some-runner -- git push`, a package manager's tail) may start a command from its words.
// Which word it hands on is a guess (parse-launch-guess.ts), so the guessed line is never allowed or denied by it,
// but when a deny rule forbids what the guess reads, only a person can tell whether it runs: never --yes, never an
// allow rule. A program with a row is judged by its row (the planner), never here.
export function launchedDenial(judged: Judged, ctx: DecideContext, parse: ShellParse, runDir: string): Immunity | undefined {
  for (const reading of [parse, ...(parse.alternatives ?? [])]) {
    for (const command of reading.commands) {
      const argv = toArgv(command);
      if (argv === undefined) continue;
      for (const line of countedLaunches(command, argv, isReadOnlyName)) {
        for (const guessed of [line, ...launchedLines(line, isReadOnlyName)].flatMap((each) => each.commands)) {
          const spelling = spellCommand(guessed, runDir, ctx.policy.root);
          const subjects = commandSubjects(judged.tool, judged.command, spelling, judged.qualifiers);
          const match = ctx.policy.match({ others: [subjects.canonical, ...subjects.others] }, (rule) => rule.action === 'deny');
          if (match === undefined) continue;
          const description = `\`${argv.name}\` is a program codeward has no row for, and its words may start \`${spelling.canonical}\`, which ${ruleText(match)} forbids (only a person can tell what it runs)`;
          return { name: 'launched-denial', description, where: command.text };
        }
      }
    }
  }
  return undefined;
}
