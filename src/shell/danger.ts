// The danger classifier: blocks (C242) only catastrophic command lines — deleting / or a home
// directory, wiping or formatting disks, fork bombs, writing into devices or /etc, code piped from the
// network into a shell, power-off, killing every process — in every spelling the parser can see through.
// Ordinary development commands (rm -rf dist, git clean -fdx, sudo apt-get install) are never blocked
// here; whether they may run is the permission layer's question.
import { posix } from 'node:path';
import { cdTargets } from './cd-operand.js';
import { catastrophicPath, isBlockDevice, isDevicePath, systemWriteArea, type PathContext } from './danger-paths.js';
import { commandRules, isDownloader, readsProgramFromStdin, substitutedCommands, tokensOf, type Hit } from './danger-rules.js';
import { textualHit } from './danger-text.js';
import type { Redirection, ShellParse, ShellWord, SimpleCommand } from './parse-types.js';
import { programName } from './parse-names.js';
import { staticStdout } from './parse-stdin.js';

export interface DangerContext {
  // The user's home directory (for `~`, `$HOME` and its absolute spelling).
  readonly home?: string;
  // The folder the command runs in; relative paths (`..`, `*` after `cd /`) are resolved against it.
  readonly workspace?: string;
  // The workspace root: deleting it or its `.git` recursively is as catastrophic as deleting a home.
  readonly root?: string;
}

export type DangerVerdict =
  | { readonly blocked: false }
  | { readonly blocked: true; readonly rule: string; readonly reason: string; readonly command: string };

const UNKNOWN = '\u0000';
const MAX_CWDS = 32;

export function classifyDanger(parse: ShellParse, context: DangerContext = {}): DangerVerdict {
  for (const reading of [parse, ...(parse.alternatives ?? [])]) {
    const verdict = classifyReading(reading, context);
    if (verdict.blocked) return verdict;
  }
  return { blocked: false };
}

function blocked(hit: Hit, command: string): DangerVerdict {
  return { blocked: true, rule: hit.rule, reason: hit.reason, command: command.trim() };
}

function classifyReading(parse: ShellParse, context: DangerContext): DangerVerdict {
  const cwds: string[] = context.workspace ? [posix.normalize(context.workspace)] : [];
  const paths: PathContext = { ...(context.home ? { home: context.home } : {}), ...(context.root ? { root: context.root } : {}), cwds };
  for (const command of parse.commands) {
    const hit = checkCommand(command, paths, 0);
    if (hit) return blocked(hit, command.text);
    followDirectoryChange(command, cwds, context.home);
  }
  for (const redirection of parse.redirections) {
    const hit = checkRedirection(redirection);
    if (hit) return blocked(hit, ownerOf(redirection, parse)?.text ?? redirection.text);
  }
  const piped = pipedDownload(parse);
  if (piped) return blocked(piped.hit, piped.command);
  const bomb = forkBomb(parse);
  if (bomb) return blocked(bomb, parse.source);
  if (!parse.ok) {
    const hit = textualHit(parse.source);
    if (hit) return blocked(hit, parse.source);
  }
  return { blocked: false };
}

// --- one command ---------------------------------------------------------------------------------

function baseName(value: string): string {
  return programName(value).toLowerCase();
}

// The words `$(echo rm -rf /)` produces, when its output is static.
function substitutionOutput(word: ShellWord): string[] {
  const only = word.parts.length === 1 ? word.parts[0] : undefined;
  if (only?.kind !== 'substitution' || only.commands.length !== 1) return [];
  const inner = only.commands[0]!;
  const out = inner.dynamic ? undefined : staticStdout(inner.name, inner.args, undefined);
  return out === undefined ? [] : out.split(/\s+/).filter(Boolean);
}

// Names a dynamic command word was seen to take: tracked variables, `$(echo rm)`.
function nameCandidates(word: ShellWord): string[] {
  const names = new Set<string>();
  for (const candidate of word.candidates) if (!candidate.includes(UNKNOWN) && candidate !== '') names.add(baseName(candidate));
  const output = substitutionOutput(word);
  if (output[0] !== undefined) names.add(baseName(output[0]));
  return [...names];
}

function checkCommand(command: SimpleCommand, context: PathContext, shifted: number): Hit | undefined {
  const [first, ...rest] = command.words;
  if (!first) return undefined;
  const names = command.name !== null && shifted === 0 ? [command.name.toLowerCase()] : first.dynamic ? nameCandidates(first) : [baseName(first.value)];
  for (const name of names) {
    for (const rule of commandRules(name)) {
      const hit = rule({ name, words: rest, command, context });
      if (hit) return hit;
    }
  }
  if (!first.dynamic && !first.glob) return undefined;
  return dynamicCommand(command, first, rest, context, shifted);
}

// A command whose name is only known at run time (`$cmd -rf /`, `$(echo rm) -rf /`, `/???/r? -rf /`).
function dynamicCommand(command: SimpleCommand, first: ShellWord, rest: readonly ShellWord[], context: PathContext, shifted: number): Hit | undefined {
  if (substitutedCommands(first).some(isDownloader)) {
    return { rule: 'download-to-shell', reason: `running the output of a download (${first.text}) as a command` };
  }
  const tokens = [...substitutionOutput(first), ...rest.flatMap(tokensOf)];
  for (const part of first.parts) {
    if (part.kind === 'variable') for (const value of part.values ?? []) tokens.push(...value.split(/[\s,;:|]+/).filter(Boolean));
  }
  for (const token of tokens) {
    const reason = destructiveToken(token, context);
    if (reason) return { rule: 'dynamic-destructive', reason: `a command whose name is only known at run time (${first.text}) with ${reason}` };
  }
  // `$SUDO reboot`, `$WRAP mkfs.ext4 /dev/sdb`: the first static argument may be the real command.
  const next = rest[0];
  if (next && !next.dynamic && shifted < 3) {
    return checkCommand({ ...command, words: rest }, context, shifted + 1);
  }
  return undefined;
}

function destructiveToken(token: string, context: PathContext): string | undefined {
  if (token.startsWith('--no-preserve-root')) return '--no-preserve-root';
  if (token.startsWith('of=') && (isBlockDevice(token.slice(3)) || isDevicePath(token.slice(3)))) return `the device target ${token}`;
  if (isBlockDevice(token)) return `the device ${token}`;
  const hit = catastrophicPath(token, context);
  return hit ? `the target ${hit.description}` : undefined;
}

// `cd X` / `pushd X`: later relative paths may be relative to X (flow-insensitive, so every target counts). The
// operand as the one cd reader finds it (cd-operand.ts: options, `--`, `pushd -n`, CDPATH).
function followDirectoryChange(command: SimpleCommand, cwds: string[], home: string | undefined): void {
  for (const candidate of cdTargets(command)?.folders ?? []) {
    if (candidate.includes(UNKNOWN) || cwds.length >= MAX_CWDS) continue;
    const expanded = candidate.replace(/^~(?=\/|$)/, home ?? '/home/\u0002home');
    const next = expanded.startsWith('/') ? [posix.normalize(expanded)] : cwds.map((cwd) => posix.join(cwd, expanded));
    for (const dir of next) if (!cwds.includes(dir)) cwds.push(dir);
  }
}

// --- redirections, pipelines, fork bombs ---------------------------------------------------------

function checkRedirection(redirection: Redirection): Hit | undefined {
  if (!redirection.writes) return undefined;
  const targets = redirection.targetWord?.candidates ?? (redirection.target === null ? [] : [redirection.target]);
  for (const target of targets) {
    if (isBlockDevice(target)) return { rule: 'redirect-device', reason: `output redirected (${redirection.op}) onto the device ${target}` };
    const area = systemWriteArea(target);
    if (area) return { rule: 'redirect-system', reason: `output redirected (${redirection.op}) into ${area}` };
  }
  return undefined;
}

function ownerOf(redirection: Redirection, parse: ShellParse): SimpleCommand | undefined {
  return parse.commands.find((command) => command.redirections.includes(redirection));
}

// `curl x | sh`, `wget -qO- x | sudo bash`, `curl x | tee log | python3`.
function pipedDownload(parse: ShellParse): { hit: Hit; command: string } | undefined {
  const downloads = parse.commands.filter(isDownloader);
  if (downloads.length === 0) return undefined;
  for (const command of parse.commands) {
    if (command.name === null || command.pipes.length === 0) continue;
    const name = command.name.toLowerCase();
    if (!readsProgramFromStdin(name, command)) continue;
    for (const stage of command.pipes) {
      const source = downloads.find((download) => download.pipes.some((other) => other.id === stage.id && other.index < stage.index));
      if (!source) continue;
      const from = source.pipes.find((other) => other.id === stage.id)!;
      const joint = stage.index - from.index === 1 ? ' | ' : ' | ... | ';
      return { hit: { rule: 'download-to-shell', reason: `${source.name} output piped into ${name}` }, command: `${source.text}${joint}${command.text}` };
    }
  }
  return undefined;
}

// A function that calls itself more than once with a pipe or `&` (`:(){ :|:& };:`, `bomb(){ bomb|bomb& }`).
function forkBomb(parse: ShellParse): Hit | undefined {
  for (const name of parse.functions) {
    const calls = parse.commands.filter((command) => command.functionName === name && command.name === name);
    const concurrent = calls.filter((command) => command.background || command.pipes.some((stage) => stage.size > 1));
    if ((calls.length >= 2 && concurrent.length > 0) || concurrent.some((command) => command.loop)) {
      return { rule: 'fork-bomb', reason: `the function ${name} starts copies of itself without end (a fork bomb)` };
    }
  }
  return undefined;
}
