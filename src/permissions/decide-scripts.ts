import { resolve as resolvePath } from 'node:path';
import { packageScriptLines } from '../shell/run-scripts.js';
import { Beneath } from '../workspace/beneath.js';
import type { DecideContext } from './decide-common.js';
import { noHeads, ruleHeads } from './rule-heads.js';
import { spellCommand } from './shell-subjects.js';
import { scriptPlaces } from './decide-script-places.js';
import type { Decision, Judged, ShellParse, ShellParserLike, SimpleCommand } from './types.js';

// A package manager's script runner runs package.json's script text through a shell (vars21/pm22: `npm run g` with
// `"g": "git push"` was allowed under `deny git push*`, `allow *`). Every runner line of the call, in each spelling
// the rules see it (`npm run g`, `pnpm g`, `yarn g`, `bun run g`, `npx run-s g`, `corepack pnpm g`, a `node
// npm-cli.js run g`), has its scripts read (shell/run-scripts.ts: pre/post scripts, `npm test` -> "test", runner lines
// inside them, 3 deep) and each script line is judged as the shell line it is, with the variables the call sets
// for the runner before it (`CC='git push;' npm run m` with `"m": "make x.o"` is `CC='git push;' make x.o`, whose
// make reads its whole environment). A deny rule the line meets denies the call; an ask rule, or a deny rule a
// guessed line (a program codeward has no row for) or an unclear subcommand may meet, asks. Other reasons a script
// line alone would ask (no rule allows it, the immune list) are not taken: the call's own rules decide those.

// Script lines judged per call; past it the call asks (fail closed).
const MAX_LINES = 64;
const RUNNER = /^(?:npm|pnpm|yarn|bun)(?:\s|$)/;
// The immune classes that stand for a deny rule met where only a person can tell.
const DENY_LIKE = new Set(['launched-denial', 'unclear-subcommand']);

// The assignments a call hands a runner: the words before its program that set a variable (`CC=x npm run m`,
// `env CC=x npm run m`), and the variables set or exported by statements of the line (`export CC=x; npm run m`).
function handedVariables(command: SimpleCommand, parse: ShellParse): string[] {
  const first = command.words[0]?.text ?? '';
  const at = command.text.indexOf(first);
  const before = at > 0 ? command.text.slice(0, at) : '';
  const own = [...before.matchAll(/(?:^|\s)([A-Za-z_]\w*=(?:'[^']*'|"(?:[^"\\]|\\.)*"|[^\s'"])*)/g)].map((found) => found[1]!);
  const exported = parse.commands.filter((each) => ['export', 'declare', 'typeset', 'readonly', 'local'].includes(each.name ?? '')).flatMap((each) => each.words.slice(1).map((word) => word.text).filter((text) => /^['"]?[A-Za-z_]\w*=/.test(text)));
  return [...(parse.assignments ?? []).map((each) => each.text), ...exported, ...own];
}

function taken(decision: Decision): boolean {
  if (decision.decision === 'deny') return decision.source !== 'denials';
  return decision.decision === 'ask' && (decision.rule?.action === 'ask' || (decision.immune !== undefined && DENY_LIKE.has(decision.immune)));
}

// The deny or ask a script line of the call's runners meets, or undefined. `decideLine`: decide-shell.ts's decideShell.
export async function scriptRulesMet(judged: Judged, ctx: DecideContext, parse: ShellParse, parser: ShellParserLike, decideLine: (judged: Judged, ctx: DecideContext, parse: ShellParse) => Decision): Promise<Decision | undefined> {
  const root = ctx.policy.root;
  const runDir = resolvePath(root, judged.dir ?? '.');
  const runners: { line: string; handed: string[] }[] = [];
  for (const reading of [parse, ...(parse.alternatives ?? [])]) {
    for (const command of reading.commands) {
      const spelling = spellCommand(command, runDir, root);
      const lines = [spelling.canonical, ...spelling.others].filter((text) => RUNNER.test(text));
      for (const line of new Set(lines)) runners.push({ line, handed: handedVariables(command, reading) });
    }
  }
  if (runners.length === 0) return undefined;
  if (noHeads(ruleHeads(ctx.policy, judged.command, 'deny')) && noHeads(ruleHeads(ctx.policy, judged.command, 'ask'))) return undefined;
  const jail = new Beneath(root);
  let count = 0;
  for (const { line, handed } of runners) {
    // `npm --prefix sub run g`, `yarn workspace a x`: the scripts of that package (decide-script-places.ts).
    const placed = scriptPlaces(line, runDir, root);
    if (placed?.unknown !== undefined) return { decision: 'ask', reason: `needs approval: ${placed.unknown}, whose scripts are not judged against the rules`, source: 'default', judged: judged.call, part: line };
    const lines: string[] = [];
    for (const { folder, line: there } of placed?.places ?? [{ folder: runDir, line }]) {
      const read = await packageScriptLines(folder, jail, there);
      // A script runs that the reading cannot name (`npm run g --foo`, no package.json): not judged, so asked.
      if (read !== undefined && read.unread.length > 0) return { decision: 'ask', reason: `needs approval: ${read.unread[0]!}, so its lines are not judged against the rules`, source: 'default', judged: judged.call, part: line };
      lines.push(...(read?.lines ?? []));
    }
    for (const script of lines) {
      if (++count > MAX_LINES) return { decision: 'ask', reason: `needs approval: the package scripts \`${line}\` runs hold more than ${MAX_LINES} lines, not all judged against the rules`, source: 'default', judged: judged.call, part: line };
      const text = [...handed, script].join(' ');
      const decision = decideLine({ ...judged, subject: text }, ctx, await parser.parse(text));
      if (!taken(decision)) continue;
      const reason = `\`${line}\` runs the package script line \`${text}\`: ${decision.reason}`;
      return { ...decision, reason, judged: judged.call, part: line };
    }
  }
  return undefined;
}
