import { fail } from '../engine/errors.js';
import type { FlagInfo } from '../engine/flags.js';
import type { AnyCommand } from '../engine/command.js';
import { flagList, resolveFlag, unknownFlag, type ResolvedFlag } from './aliases.js';
import { FlagCollector } from './collect.js';

const FLAG_TOKEN = /^--?[A-Za-z_]/;
const BOOLEAN_WORD = /^(?:true|false)$/i;

interface FlagToken {
  readonly flag: ResolvedFlag;
  readonly inline?: string;
  readonly negated: boolean;
}

// `--max-bytes=5`, `-file`, `--no-append`: the flag a token names, or undefined when it names none.
function readFlagToken(command: AnyCommand, flags: readonly FlagInfo[], token: string): FlagToken | undefined {
  const body = token.replace(/^--?/, '');
  const eq = body.indexOf('=');
  const key = eq === -1 ? body : body.slice(0, eq);
  const inline = eq === -1 ? undefined : body.slice(eq + 1);
  const flag = resolveFlag(command, flags, key);
  if (flag) return { flag, inline, negated: false };
  const negated = /^no[-_]?(.+)$/i.exec(key);
  const positive = negated?.[1] === undefined ? undefined : resolveFlag(command, flags, negated[1]);
  if (positive?.info.kind !== 'boolean') return undefined;
  if (inline !== undefined) throw fail('C210', `--no-${positive.info.cli} takes no value; use --${positive.info.cli}=${inline}`);
  return { flag: positive, negated: true };
}

// Whether text names a flag of the command (`README.md --head 5`), unlike a plain value such as `ls -la`.
export function namesAFlag(command: AnyCommand, flags: readonly FlagInfo[], tokens: readonly string[]): boolean {
  return tokens.some((token) => FLAG_TOKEN.test(token) && readFlagSafely(command, flags, token));
}

function readFlagSafely(command: AnyCommand, flags: readonly FlagInfo[], token: string): boolean {
  try {
    return readFlagToken(command, flags, token) !== undefined;
  } catch {
    return true;
  }
}

// Tokens after the command name: `--file x`, `--file=x`, `-file x`, `--append [true|false]`, `--no-append`, `--`, a positional.
export function argsFromArgv(
  command: AnyCommand,
  flags: readonly FlagInfo[],
  tokens: readonly string[],
  notes: string[],
): Record<string, unknown> {
  const collector = new FlagCollector(command, flags, notes, true);
  let flagsEnded = false;
  let positionalUsed = false;
  const extra: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (!flagsEnded && token === '--') {
      flagsEnded = true;
      continue;
    }
    if (!flagsEnded && FLAG_TOKEN.test(token)) {
      const parsed = readFlagToken(command, flags, token);
      if (!parsed) {
        const error = unknownFlag(command, flags, token.split('=')[0] ?? token);
        // `codeward exec ls -la`: the shell's words after the command's operand, unquoted (newcomer pass).
        const operand = command.positional === 'cmd' && tokens.slice(0, i).some((word) => !FLAG_TOKEN.test(word));
        throw operand ? fail('C210', `${error.message}; a command line with options is one value: quote it (codeward ${command.name} --cmd '${tokens.join(' ')}')`) : error;
      }
      const { flag, inline, negated } = parsed;
      let value: unknown = inline;
      if (negated) {
        value = false;
      } else if (inline === undefined && flag.info.kind === 'boolean') {
        const next = tokens[i + 1];
        value = next !== undefined && BOOLEAN_WORD.test(next) ? tokens[++i] : true;
      } else if (inline === undefined) {
        if (i + 1 >= tokens.length) {
          throw fail('C210', `${token} needs a value, e.g. --${flag.info.cli} ${flag.info.kind === 'string' ? '"..."' : '10'}`);
        }
        value = tokens[++i];
      }
      collector.set(flag, value, token.split('=')[0]);
      continue;
    }
    const positional = command.positional;
    if (positional === undefined) {
      throw fail('C210', `unexpected argument "${token}": ${command.name} takes only flags (${flagList(flags)})`);
    }
    if ((positionalUsed || collector.has(positional)) && command.rest !== undefined) {
      extra.push(token);
      continue;
    }
    if (positionalUsed || collector.has(positional)) {
      throw fail(
        'C210',
        `unexpected extra argument "${token}" for ${command.name}: --${flagCli(flags, positional)} is already set; ` +
          'quote a value that contains spaces',
      );
    }
    positionalUsed = true;
    collector.setKey(positional, token);
  }
  if (extra.length > 0) collector.setKey(command.rest!, extra);
  return collector.result();
}

function flagCli(flags: readonly FlagInfo[], name: string): string {
  return flags.find((flag) => flag.name === name)?.cli ?? name;
}
