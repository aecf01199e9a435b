import type { AnyCommand } from '../../engine/command.js';
import { callsInJson } from '../../engine/call-words.js';
import { describeFlags, toCamel } from '../../engine/flags.js';
import { SWITCH_GLOBALS, VALUE_GLOBALS } from '../global-options.js';

// Command messages speak the CLI's words (`--max-bytes`, `see: codeward read --help`); an MCP client sends
// JSON keys. Rewrites a result's text into the tool's own vocabulary: `--max-bytes 5` → `maxBytes: 5`
// for every flag the tool takes (other `--words`, such as a shell command's own options, stay as they are).
export function inMcpWords(text: string, command: AnyCommand | undefined): string {
  if (!text.includes('--')) return text;
  // The policy's own rendering of a call (`@coder test --pattern x .`, the words a rule matches) stays as it
  // is; the rest is rewritten.
  const words = command ? text.split(POLICY_CALL).map((part, index) => (index % 2 === 1 ? part : rewritten(part, command))).join('') : text;
  return withServerArgs(words);
}

// A global option a message advises (`a person can pass --sandbox-network`, `let one through with --pass-env
// NAME`) is no key of any tool: an MCP client's person puts it in the server's `args`. Said once, after its
// first mention, unless the message already says where it goes (the gate's C241 and C242 words do).
const SERVER_GLOBALS = [...VALUE_GLOBALS, ...SWITCH_GLOBALS].filter((flag) => flag.startsWith('--') && !['--json', '--session', '--workspace'].includes(flag));
const GLOBAL_WORD = new RegExp(`(^|[\\s(\`'"])(${SERVER_GLOBALS.map((flag) => flag.replace(/-/g, '\\-')).join('|')})(?![\\w-])((?: (?!--)[^\\s,;()"'\`]+)?)`);
const SERVER_ARGS = ' (in the codeward server\'s "args" in your MCP client\'s config)';

function withServerArgs(text: string): string {
  if (/server's "?args"?/.test(text)) return text;
  return text.replace(GLOBAL_WORD, (_whole, lead: string, flag: string, value: string) => `${lead}${flag}${VALUE_GLOBALS.has(flag) ? value : ''}${SERVER_ARGS}${VALUE_GLOBALS.has(flag) ? '' : value}`);
}

// `@coder NAME ...` up to where a refusal goes on about it (the words of approval, denial and headless messages).
const POLICY_CALL = /(@coder [a-z][a-z-]*(?: [^\n;]*?)?)(?= needs approval| was not run| — )/;

function rewritten(text: string, command: AnyCommand): string {
  if (!text.includes('--')) return text;
  const keys = new Set(Object.keys(command.flags._zod.def.shape));
  text = callsInJson(text, command, (name, args) => `${name} ${JSON.stringify(args)}`);
  // A choice flag's word value (`--mode content`, `--encoding base64`) becomes a JSON string.
  let choices: Map<string, ReadonlySet<string>> | undefined;
  const isChoice = (key: string, value: string): boolean => {
    choices ??= new Map(describeFlags(command).flatMap((flag) => (flag.choices ? [[flag.name, new Set(flag.choices)] as const] : [])));
    return choices.get(key)?.has(value) === true;
  };
  const help = `codeward ${command.name} --help`;
  let out = text.split(`(see: ${help})`).join(`(see the ${command.name} tool's inputSchema)`).split(help).join(`the ${command.name} tool's inputSchema`);
  out = out.split('; valid flags: ').join('; valid keys: ').split(' as a flag: ').join(' as a key: ');
  // The schema's own error phrases: `unknown flag --foo-bar, --baz` → unknown key `fooBar`, `baz`.
  out = out.replace(/\b(unknown|missing required) flag ((?:--[a-zA-Z0-9-]+(?:, )?)+)/g, (_whole, kind: string, list: string) =>
    `${kind} key ${list.split(', ').map((flag) => `\`${toCamel(flag)}\``).join(', ')}`,
  );
  out = out.replace(/(^|[\s(`'"[/])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?:( |=)(\d+(?![\w-])|[a-z][a-z0-9-]*(?![\w-])))?/g, (whole, lead: string, flag: string, sep?: string, value?: string) => {
    const key = toCamel(flag);
    // `--no-search-content` is the boolean key set to false.
    const negated = flag.startsWith('no-') ? toCamel(flag.slice(3)) : undefined;
    if (!keys.has(key) && negated !== undefined && keys.has(negated)) return `${lead}\`${negated}: false\`${value === undefined ? '' : `${sep ?? ''}${value}`}`;
    if (!keys.has(key)) return whole;
    if (value === undefined) return `${lead}\`${key}\``;
    if (/^\d/.test(value)) return `${lead}\`${key}: ${value}\``;
    return isChoice(key, value) ? `${lead}\`${key}: "${value}"\`` : `${lead}\`${key}\`${sep ?? ''}${value}`;
  });
  // A place inside a list key, as the CLI names it (`--files[0.ops.1.at_line]`), as a JSON path: `files[0].ops[1].at_line`.
  out = out.replace(/`([a-zA-Z][a-zA-Z0-9]*)`\[([\w.]+)\]/g, (whole, key: string, path: string) =>
    keys.has(key) ? `\`${key}${path.split('.').map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`)).join('')}\`` : whole,
  );
  return out;
}
