// One rule per kind of catastrophe, each looking at one simple command (after wrappers were stripped).
// Only things that wreck a machine, a disk or a home directory are here; everything merely risky is the
// permission layer's business.
import { posix } from 'node:path';
import { catastrophicPath, isBlockDevice, isCriticalFile, isDevicePath, systemWriteArea, type Catastrophe } from './danger-paths.js';
import { parseArgs, longOption, shortFlag, tokensOf } from './danger-args.js';
import { rsync, tar, zip } from './danger-archive.js';
import { fd, find } from './danger-find.js';
import { inlineFileHit } from './danger-inline.js';
import { textualHit } from './danger-text.js';
import { inlineProgram, languageOf } from './parse-inline.js';
import type { ShellWord, SimpleCommand } from './parse-types.js';
import type { Hit, RuleInput } from './danger-types.js';
import { INTERPRETERS, SHELLS, interpreterReadsStdin, shellMode } from './parse-wrappers.js';

export { tokensOf } from './danger-args.js';

export type { Hit, RuleInput } from './danger-types.js';

const UNKNOWN = '\u0000';


function describe(hit: Catastrophe): string {
  return hit.description;
}

// --- rm ------------------------------------------------------------------------------------------

function rm({ words, context }: RuleInput): Hit | undefined {
  const { options, operands, unknownOption } = parseArgs(words);
  if (options.some((token) => longOption(token, 'no-preserve-root', 3))) {
    return { rule: 'rm-no-preserve-root', reason: 'rm with --no-preserve-root (its only use is deleting /)' };
  }
  const critical = operands.find((operand) => isCriticalFile(operand));
  if (critical) return { rule: 'rm-system-file', reason: `deleting the system file ${critical}` };
  const recursive = options.some((token) => shortFlag(token, /[rR]/) || longOption(token, 'recursive'));
  if (!recursive && !unknownOption) return undefined;
  for (const operand of operands) {
    const hit = catastrophicPath(operand, context, true);
    if (hit) return { rule: 'rm-catastrophic', reason: `recursive deletion of ${describe(hit)}` };
  }
  return undefined;
}

// --- disks ---------------------------------------------------------------------------------------

function dd({ words }: RuleInput): Hit | undefined {
  for (const word of words) {
    for (const token of tokensOf(word)) {
      if (!token.startsWith('of=')) continue;
      const target = token.slice(3);
      if (isBlockDevice(target) || isDevicePath(target)) return { rule: 'dd-device', reason: `dd writing to the device ${target}` };
      const area = systemWriteArea(target);
      if (area) return { rule: 'dd-system', reason: `dd writing into ${area}` };
    }
  }
  return undefined;
}

const FORMATTERS = new Set(['mke2fs', 'mkswap', 'mkdosfs', 'mkntfs', 'mkexfatfs', 'newfs', 'newfs_hfs', 'newfs_apfs', 'newfs_msdos', 'mkfs']);
const PARTITIONERS = new Set(['fdisk', 'sfdisk', 'cfdisk', 'gdisk', 'sgdisk', 'cgdisk', 'parted', 'wipefs', 'blkdiscard']);

function formatter({ name, words }: RuleInput): Hit | undefined {
  const device = words.flatMap(tokensOf).find((token) => isDevicePath(token));
  if (device) return { rule: 'disk-format', reason: `${name} formatting the device ${device}` };
  // `mkfs.ext4 "$DEV"`: the target (the last operand) is only known at run time.
  const last = parseArgs(words).operands.at(-1);
  if (last !== undefined && last.startsWith(UNKNOWN)) return { rule: 'disk-format', reason: `${name} formatting a device only known at run time` };
  return undefined;
}

function partitioner({ name, words }: RuleInput): Hit | undefined {
  const { options, operands } = parseArgs(words);
  const readOnly =
    options.some((token) => /^-[a-zA-Z]*l/.test(token) || ['--list', '--list-free', '--dump', '--json', '--show-size', '--verify', '--print', '--info', '--version', '--help'].includes(token)) ||
    (name === 'parted' && operands.some((operand) => operand === 'print' || operand === 'p')) ||
    (name === 'wipefs' && !options.some((token) => shortFlag(token, /[ao]/) || token.startsWith('--all') || token.startsWith('--offset'))) ||
    (name === 'sgdisk' && options.every((token) => /^-[piv]$|^--(?:print|info|verify)/.test(token)));
  if (readOnly) return undefined;
  const device = operands.find((operand) => isDevicePath(operand));
  return device ? { rule: 'disk-partition', reason: `${name} rewriting the partition table or signatures of ${device}` } : undefined;
}

function diskutil({ words }: RuleInput): Hit | undefined {
  const sub = (words[0]?.value ?? '').toLowerCase();
  const apfs = sub === 'apfs' ? (words[1]?.value ?? '').toLowerCase() : '';
  if (/^(?:erasedisk|erasevolume|partitiondisk|zerodisk|randomdisk|secureerase|reformat)$/.test(sub) || /^(?:deletecontainer|erasevolume)$/.test(apfs)) {
    return { rule: 'disk-format', reason: `diskutil ${words[0]!.value} erases a disk` };
  }
  return undefined;
}

function cryptsetup({ words }: RuleInput): Hit | undefined {
  const { operands } = parseArgs(words, 'cshSdkiqtTv');
  const action = (operands[0] ?? '').toLowerCase();
  if (!['luksformat', 'erase', 'luksErase'.toLowerCase(), 'reencrypt'].includes(action)) return undefined;
  const device = operands.slice(1).find((operand) => isDevicePath(operand));
  return device ? { rule: 'disk-format', reason: `cryptsetup ${operands[0]} destroys the data on ${device}` } : undefined;
}

function shred({ words }: RuleInput): Hit | undefined {
  const { operands } = parseArgs(words, 'nsx', ['iterations', 'size', 'random-source']);
  const device = operands.find((operand) => isDevicePath(operand));
  return device ? { rule: 'disk-shred', reason: `shred overwriting the device ${device}` } : undefined;
}

// --- writes into devices and system areas --------------------------------------------------------

function tee({ words }: RuleInput): Hit | undefined {
  const { operands } = parseArgs(words, '', ['output-error']);
  for (const operand of operands) {
    if (isBlockDevice(operand)) return { rule: 'write-device', reason: `tee writing to the device ${operand}` };
    const area = systemWriteArea(operand);
    if (area) return { rule: 'write-system', reason: `tee writing into ${area}` };
  }
  return undefined;
}

// cp / mv / install / ln / truncate / sed -i: devices and account, sudo or boot files.
function overwrite({ name, words }: RuleInput): Hit | undefined {
  const { options, operands } = parseArgs(words, name === 'truncate' ? 'sor' : name === 'install' ? 'gmoSt' : name === 'sed' ? 'efl' : 'St', ['target-directory', 'suffix', 'size', 'reference', 'mode', 'owner', 'group', 'expression', 'file']);
  if (name === 'sed' && !options.some((token) => /^-[a-zA-Z]*i/.test(token) || token.startsWith('--in-place'))) return undefined;
  const targets = name === 'truncate' || name === 'sed' ? operands : options.some((token) => token.startsWith('-t') || token.startsWith('--target')) ? operands : operands.slice(-1);
  for (const target of targets) {
    if (isBlockDevice(target)) return { rule: 'write-device', reason: `${name} writing to the device ${target}` };
    if (isCriticalFile(target)) return { rule: 'write-system', reason: `${name} replacing the system file ${target}` };
  }
  return undefined;
}

// --- moves and permissions -----------------------------------------------------------------------

function mv(input: RuleInput): Hit | undefined {
  const { options, operands } = parseArgs(input.words, 'St', ['target-directory', 'suffix']);
  const sources = options.some((token) => token.startsWith('-t') || token.startsWith('--target')) ? operands : operands.slice(0, -1);
  for (const source of sources) {
    const hit = catastrophicPath(source, input.context);
    if (hit) return { rule: 'mv-catastrophic', reason: `moving ${describe(hit)}` };
  }
  return overwrite(input);
}

function permissions({ name, words, context }: RuleInput): Hit | undefined {
  const { options, operands } = parseArgs(words);
  if (!options.some((token) => shortFlag(token, /R/) || longOption(token, 'recursive', 3))) return undefined;
  const paths = options.some((token) => token.startsWith('--reference')) ? operands : operands.slice(1);
  for (const path of paths) {
    // Taking over one's home or /usr/local (a classic Homebrew / npm fix) is not a catastrophe.
    if (/^\/usr\/local(?:\/|$)/.test(posix.normalize(path))) continue;
    const hit = catastrophicPath(path, context);
    if (hit && hit.kind !== 'home' && hit.kind !== 'home-glob') return { rule: `${name}-recursive-system`, reason: `recursive ${name} of ${describe(hit)}` };
  }
  return undefined;
}

// --- power and processes -------------------------------------------------------------------------

function power({ name, words }: RuleInput): Hit | undefined {
  const values = words.map((word) => word.value);
  switch (name) {
    case 'shutdown':
      return values.some((value) => value === '-c' || value === '--help') ? undefined : { rule: 'power', reason: 'shutting the machine down' };
    case 'reboot':
    case 'halt':
    case 'poweroff':
      return values.includes('--help') ? undefined : { rule: 'power', reason: `${name} of the machine` };
    case 'init':
    case 'telinit':
      return ['0', '6'].includes(values[0] ?? '') ? { rule: 'power', reason: `${name} ${values[0]} (${values[0] === '0' ? 'power off' : 'reboot'})` } : undefined;
    case 'systemctl':
    case 'loginctl': {
      const sub = values.find((value) => !value.startsWith('-'));
      if (sub && /^(?:poweroff|reboot|halt|kexec|soft-reboot)$/.test(sub)) return { rule: 'power', reason: `${name} ${sub}` };
      if (sub === 'isolate' && values.some((value) => /^(?:poweroff|reboot|halt)\.target$/.test(value))) return { rule: 'power', reason: `${name} isolate to a power-off target` };
      return undefined;
    }
    default:
      return undefined;
  }
}

function kill({ name, words }: RuleInput): Hit | undefined {
  if (name === 'killall5') return { rule: 'kill-all', reason: 'killall5 signals every process' };
  const tokens = words.flatMap(tokensOf);
  if (tokens.some((token) => token === '-l' || token === '-L' || token === '--list')) return undefined;
  let i = 0;
  if (tokens[0] === '-s' || tokens[0] === '-n') i = 2;
  else if (tokens.length > 1 && /^-(?:\d+|[A-Za-z][A-Za-z0-9+-]*)$/.test(tokens[0]!)) i = 1;
  if (tokens[i] === '--') i++;
  const pids = tokens.slice(i);
  if (pids.includes('-1')) return { rule: 'kill-all', reason: 'kill -1 signals every process you can reach' };
  if (pids.includes('1')) return { rule: 'kill-all', reason: 'killing process 1 (init) takes the whole system (or container) down' };
  return undefined;
}

// --- code from the network -----------------------------------------------------------------------

export const DOWNLOADERS = new Set(['curl', 'wget', 'fetch', 'http', 'https', 'xh', 'xhs', 'lwp-request', 'get', 'aria2c', 'nc', 'ncat', 'netcat', 'socat', 'iwr', 'invoke-webrequest']);

export function isDownloader(command: SimpleCommand): boolean {
  return command.name !== null && DOWNLOADERS.has(command.name.toLowerCase());
}

// The commands whose output becomes this word (substitutions, process substitutions).
export function substitutedCommands(word: ShellWord): SimpleCommand[] {
  return word.parts.flatMap((part) => (part.kind === 'substitution' ? [...part.commands] : []));
}

// A shell or interpreter that runs the program it reads on stdin (`curl x | sh`).
export function readsProgramFromStdin(name: string, command: SimpleCommand): boolean {
  if (command.stdinScript) return true;
  if (SHELLS.has(name)) return shellMode(command.words).kind === 'stdin';
  if (name === 'at' || name === 'batch') return !command.args.some((arg) => /^-[a-zA-Z]*[flrdc]$/.test(arg));
  if (name === 'source' || name === '.') return ['/dev/stdin', '-', '/proc/self/fd/0', '/dev/fd/0'].includes(command.args[0] ?? '');
  if (INTERPRETERS.has(name)) return interpreterReadsStdin(command.words);
  return false;
}

function runsCode(name: string): boolean {
  return SHELLS.has(name) || INTERPRETERS.has(name) || name === 'source' || name === '.' || name === 'eval';
}

// `bash <(curl x)`, `source <(wget -qO- x)`, `python3 <(curl x)`.
function downloadedScript({ name, words }: RuleInput): Hit | undefined {
  if (!runsCode(name)) return undefined;
  for (const word of words) {
    if (substitutedCommands(word).some(isDownloader)) return { rule: 'download-to-shell', reason: `${name} running code downloaded by ${word.text}` };
  }
  return undefined;
}

// rimraf deletes recursively by design (`npx rimraf /`).
function rimraf({ words, context }: RuleInput): Hit | undefined {
  for (const operand of parseArgs(words).operands) {
    const hit = catastrophicPath(operand, context, true);
    if (hit) return { rule: 'rm-catastrophic', reason: `recursive deletion of ${describe(hit)}` };
  }
  return undefined;
}

// `python3 -c "import os; os.system('rm -rf /')"`, `perl -e 'fork while fork'`, `node -e
// "fs.rmSync(os.homedir(), {recursive: true})"`: the commands an inline program spawns are parsed as
// commands (and judged by the other rules); here its file API calls and, as a fallback, the catastrophic
// shell patterns and the classic fork loops are looked for in its text.
const INLINE_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\brmtree\(\s*(?:\/|~|\$HOME|os\.path\.expanduser\(~\)|Path\.home\(\))\s*[,)]/, 'deletes / or the home directory'],
  [/\brm(?:Sync)?\(\s*(?:\/|~|os\.homedir\(\))\s*,\s*\{[^}]*recursive\s*:\s*true/, 'deletes / or the home directory'],
  [/\bfork\s+while\s+fork\b|\bwhile\s*\(?\s*(?:1|True|true)\s*\)?\s*:?\s*\{?\s*(?:os\.)?fork\(\)/, 'is a fork bomb'],
];

function inlineCode({ name, words, command, context }: RuleInput): Hit | undefined {
  const language = languageOf(name);
  const program = inlineProgram(name, [{ value: name, dynamic: false }, ...words]) ?? (language && command.stdinProgram !== undefined ? { language, code: command.stdinProgram } : undefined);
  if (program === undefined) return undefined;
  const fileHit = inlineFileHit(name, program, context);
  if (fileHit) return fileHit;
  const flat = program.code.replace(/['"\\]/g, '');
  const shellHit = textualHit(program.code, true);
  if (shellHit) return { rule: 'inline-code-destructive', reason: `${name} inline code that ${shellHit.reason.replace(/^the command could not be parsed and looks like /, 'runs ')}` };
  for (const [pattern, what] of INLINE_PATTERNS) if (pattern.test(flat)) return { rule: 'inline-code-destructive', reason: `${name} inline code that ${what}` };
  return undefined;
}

type Rule = (input: RuleInput) => Hit | undefined;

const RULES: ReadonlyMap<string, readonly Rule[]> = new Map<string, readonly Rule[]>([
  ['rm', [rm]],
  ['unlink', [rm]],
  ['find', [find]],
  ['fd', [fd]],
  ['fdfind', [fd]],
  ['dd', [dd]],
  ['shred', [shred]],
  ['diskutil', [diskutil]],
  ['cryptsetup', [cryptsetup]],
  ['tee', [tee]],
  ['cp', [overwrite]],
  ['install', [overwrite]],
  ['ln', [overwrite]],
  ['truncate', [overwrite]],
  ['sed', [overwrite]],
  ['mv', [mv]],
  ['chmod', [permissions]],
  ['chown', [permissions]],
  ['chgrp', [permissions]],
  ['rsync', [rsync]],
  ['tar', [tar]],
  ['bsdtar', [tar]],
  ['gtar', [tar]],
  ['zip', [zip]],
  ['shutdown', [power]],
  ['reboot', [power]],
  ['halt', [power]],
  ['poweroff', [power]],
  ['init', [power]],
  ['telinit', [power]],
  ['systemctl', [power]],
  ['loginctl', [power]],
  ['rimraf', [rimraf]],
  ['kill', [kill]],
  ['killall5', [kill]],
]);

export function commandRules(name: string): readonly Rule[] {
  const rules = [...(RULES.get(name) ?? [])];
  if (name.startsWith('mkfs') || FORMATTERS.has(name)) rules.push(formatter);
  if (PARTITIONERS.has(name)) rules.push(partitioner);
  if (runsCode(name)) rules.push(downloadedScript);
  if (INTERPRETERS.has(name) || languageOf(name)) rules.push(inlineCode);
  return rules;
}
