import { resolve as resolvePath } from 'node:path';
import { riskyShell } from '../shell/danger-risky.js';
import { environmentDump } from '../shell/danger-secrets.js';
import { UNKNOWN } from './argv.js';
import { beforeRules, fromRule, ruleText, type DecideContext } from './decide-common.js';
import type { Immunity } from './immune.js';
import { immuneShell } from './immune-shell.js';
import { unconfinedEffect } from './unconfined.js';
import { launchedLines } from './immune-words.js';
import { launchedAsk, launchedDenial } from './decide-launched.js';
import { scriptOperandsAsk } from './decide-script-operands.js';
import { withoutPlainSshConfigs } from './ssh-config.js';
import { withoutPlainGpgHomes } from './gpg-home.js';
import { escapePattern } from './pattern.js';
import type { RuleMatch } from './policy.js';
import { isReadOnlyName, readOnlyVeto } from './readonly.js';
import { gitConfigVeto } from './readonly-git-config.js';
import { configSecretVeto } from './readonly-git-config-secrets.js';
import { trackedSecretVeto } from './readonly-git-secrets.js';
import { objectStoreVeto, unreachableObjectVeto } from './readonly-git-objects.js';
import { programPathVeto } from './readonly-path.js';
import { TrackedSecretCheck } from '../sandbox/tracked-secrets.js';
import { lineFolders, type ShellPlace } from './immune-place.js';
import { ruleHead } from './scopes.js';
import { commandSubjects, outputRedirection, spellCommand } from './shell-subjects.js';
import type { Decision, Judged, Redirection, ShellParse, SimpleCommand } from './types.js';

// A shell line is judged per simple command: it is allowed only when every command is (by a rule,
// or, when no rule matched, by the read-only allowlist); any denied command denies the line. A line
// that does not parse, has no command, or writes output to a file is never allowed (ask at best).

interface Part {
  readonly command: SimpleCommand;
  readonly spelling: string;
  readonly match: RuleMatch | undefined;
  // A deny rule matching what the command may run when an option before its subcommand is unknown.
  readonly unclear?: RuleMatch;
  // The words only known at run time behind `unclear` (shown in the reason).
  readonly holes?: readonly string[];
}

interface Reading {
  readonly parse: ShellParse;
  readonly parts: readonly Part[];
  // Deny and ask rules against the whole line, when it has no command.
  readonly line: RuleMatch | undefined;
}

function evaluate(judged: Judged, ctx: DecideContext, parse: ShellParse): Reading {
  // The whole line is one more spelling of every command, for deny and ask rules such as
  // `--deny "@coder exec curl * | sh"`; it competes in each source like any other match.
  const whole = { text: `${judged.tool} ${parse.source.trim().replace(/\s+/g, ' ')}`, command: judged.command };
  const runDir = resolvePath(ctx.policy.root, judged.dir ?? '.');
  const parts = parse.commands.map((command) => {
    const spelling = spellCommand(command, runDir, ctx.policy.root);
    const subjects = commandSubjects(judged.tool, judged.command, spelling, judged.qualifiers);
    const match = ctx.policy.match({ canonical: subjects.canonical, others: [...subjects.others, whole], pin: judged.pin });
    const head = judged.qualifiers ? `${judged.tool} ${judged.qualifiers}` : judged.tool;
    const unclear = (spelling.unclear ?? []).flatMap((text) => [head, judged.tool].map((prefix) => ({ text: `${prefix} ${text}`, command: judged.command })));
    const maybe = unclear.length > 0 && match?.action !== 'deny' ? ctx.policy.match({ others: unclear }, (rule) => rule.action !== 'allow') : undefined;
    // An ask rule that may match asks; a deny rule that may match needs a person (unclearDenial).
    if (maybe?.action === 'ask' && match?.action !== 'ask') return { command, spelling: spelling.canonical, match: maybe };
    return { command, spelling: spelling.canonical, match, ...(maybe?.action === 'deny' ? { unclear: maybe, ...(spelling.holes ? { holes: spelling.holes } : {}) } : {}) };
  });
  return { parse, parts, line: parts.length === 0 ? ctx.policy.match({ others: [whole] }) : undefined };
}

function denial(judged: Judged, reading: Reading): Decision | undefined {
  const part = reading.parts.find((p) => p.match?.action === 'deny');
  if (part) return fromRule(judged, part.match!, part.spelling);
  return reading.line?.action === 'deny' ? fromRule(judged, reading.line) : undefined;
}

// Why an otherwise allowed line still needs approval.
function downgrade(reading: Reading): string | undefined {
  const { parse } = reading;
  if (!parse.ok) return `the line does not parse${parse.errors.length ? ` (${parse.errors[0]})` : ''}`;
  if (parse.commands.length === 0) return 'the line runs no command that can be checked';
  const arithmetic = parse.arithmetic?.[0];
  if (arithmetic !== undefined) return `it evaluates text only known at run time as arithmetic or a variable name (${arithmetic}), where a value such as 'x[$(cmd)]' runs cmd`;
  const redirection = outputRedirection(parse);
  if (redirection) return `it redirects output to ${redirectionWords(redirection)} (${redirection.text.trim()})`;
  return undefined;
}

// `"out.txt"`, `gen1.txt, gen2.txt` (a computed target whose every value is known: a `for` loop's words).
function redirectionWords(redirection: Redirection): string {
  if (redirection.target !== null) return `"${redirection.target}"`;
  const candidates = redirection.targetWord?.candidates ?? [];
  return candidates.length > 0 && !candidates.some((each) => each.includes(UNKNOWN)) ? candidates.map((each) => `"${each}"`).join(', ') : 'a path only known at run time';
}

function resolve(judged: Judged, reading: Reading, ctx: DecideContext): Decision {
  const { root } = ctx.policy;
  const suggest: string[] = [];
  let ask: Decision | undefined;
  // The folder the line runs in (exec/test --dir): git's repository and a cd's target are found from there.
  const runDir = resolvePath(root, judged.dir ?? '.');
  for (const part of reading.parts) {
    if (part.match?.action === 'ask') {
      ask ??= fromRule(judged, part.match, part.spelling);
      if (part.match.source !== 'cli') suggest.push(`${ruleHead(judged)} ${escapePattern(part.spelling)}`);
    } else if (!part.match) {
      const dump = environmentDump(part.command);
      const veto = dump
        ? `${dump} (secrets are never shown without approval)`
        : (readOnlyVeto(part.command) ??
          gitConfigVeto(part.command, reading.parse, root, undefined, runDir) ??
          configSecretVeto(part.command, reading.parse, root, ctx.policy.trackedSecrets(TrackedSecretCheck).env, runDir) ??
          trackedSecretVeto(part.command, reading.parse, root, ctx.policy.trackedSecrets(TrackedSecretCheck), runDir) ??
          unreachableObjectVeto(part.command, reading.parse, root, ctx.policy.trackedSecrets(TrackedSecretCheck), runDir) ??
          objectStoreVeto(part.command, reading.parse, root, ctx.policy.trackedSecrets(TrackedSecretCheck), runDir) ??
          programPathVeto(part.command, root, lineFolders(reading.parse, { root, runDir })));
      if (!veto) continue;
      ask ??= { decision: 'ask', reason: `no rule allows \`${part.spelling}\` and ${veto}`, source: 'default', judged: judged.call, part: part.spelling };
      suggest.push(`${ruleHead(judged)} ${escapePattern(part.spelling)}`);
    }
  }
  if (!ask && reading.line?.action === 'ask') ask = fromRule(judged, reading.line);
  const why = downgrade(reading);
  if (ask) return why || reading.line?.action === 'ask' ? ask : { ...ask, suggest: [...new Set(suggest)] };
  const byRule = reading.parts.find((p) => p.match?.action === 'allow');
  const allowed: Decision = byRule
    ? fromRule(judged, byRule.match!, byRule.spelling)
    : { decision: 'allow', reason: `read-only: ${[...new Set(reading.parts.map((p) => p.command.name))].join(', ')}`, source: 'allowlist', judged: judged.call };
  if (!why) return allowed;
  return { ...allowed, decision: 'ask', reason: `${allowed.reason}, but ${why}` };
}

// A command whose subcommand is unclear (an unknown option before it) that may be one a deny rule forbids:
// only a person can tell, never --yes or an allow rule (red team R13-14).
function unclearDenial(readings: readonly Reading[]): Immunity | undefined {
  for (const reading of readings) {
    const part = reading.parts.find((each) => each.unclear !== undefined);
    if (!part) continue;
    const description = `\`${part.spelling}\` may run what ${ruleText(part.unclear!)} forbids: which subcommand runs is unclear, as an option before it is not one codeward knows or a word is only known at run time (write the command without that option or with its documented global options only, and with the words spelled out)${part.holes ? `; only known at run time: ${part.holes.join(', ')}` : ''}`;
    return { name: 'unclear-subcommand', description, where: part.spelling };
  }
  return undefined;
}

const placeOf = (judged: Judged, ctx: DecideContext): ShellPlace => {
  const root = ctx.policy.root;
  return { root, runDir: resolvePath(root, judged.dir ?? '.'), listings: ctx.policy.folderListings, ...(ctx.obeyed ? { obeyed: ctx.obeyed } : {}), ...(ctx.lineWrites ? { lineWrites: ctx.lineWrites } : {}), ...(judged.unconfined ? { unconfined: true as const } : {}) };
};

// An ssh config file or a GnuPG home read plain is an ordinary ssh or gpg: no command only known at run time
// (ssh-config.ts, gpg-home.ts). The line's scripts reader (decide-scripts.ts) reads the same parse (decide.ts).
export function withPlainSettings(judged: Judged, ctx: DecideContext, written: ShellParse): ShellParse {
  const place = placeOf(judged, ctx);
  return withoutPlainGpgHomes(withoutPlainSshConfigs(written, place), place);
}

export function decideShell(judged: Judged, ctx: DecideContext, written: ShellParse): Decision {
  const place = placeOf(judged, ctx);
  const parse = withPlainSettings(judged, ctx, written);
  const readings = [parse, ...(parse.alternatives ?? [])].map((reading) => evaluate(judged, ctx, reading));
  for (const reading of readings) {
    const denied = denial(judged, reading);
    if (denied) return denied;
  }
  // ChatCLI's own validator refuses these; here they need a person like the immune classes.
  // What an unknown program or a package manager starts from its words is judged as a line (R11-1b).
  const risky = (): ReturnType<typeof riskyShell> => riskyShell(parse, judged.staged === true) ?? launchedLines(parse, isReadOnlyName).map((line) => riskyShell(line, judged.staged === true)).find((hit) => hit !== undefined);
  const immune = immuneShell(parse, isReadOnlyName, place, judged.staged === true);
  // A line read only in part (an unknown program's words past the guess cap) whose read part meets a deny rule:
  // both need a person, and the rule is the clearer reason.
  const denied = (): Immunity | undefined => launchedDenial(judged, ctx, parse, place.runDir);
  const early = beforeRules(judged, ctx, (immune?.name === 'unparsed' ? denied() : undefined) ?? immune ?? unclearDenial(readings) ?? denied() ?? unconfinedEffect(judged, parse, place, readOnlyVeto) ?? risky());
  if (early) return early;
  const decisions = readings.map((reading) => resolve(judged, reading, ctx));
  const decided = decisions.find((d) => d.decision === 'ask') ?? decisions[0]!;
  // An ask rule on a line an unknown program's words may start asks, and so does a deny rule a script file's
  // operands meet (looked for only when the line is allowed).
  if (decided.decision !== 'allow') return decided;
  return launchedAsk(judged, ctx, parse, place.runDir) ?? scriptOperandsAsk(judged, ctx, parse, place.runDir) ?? decided;
}
