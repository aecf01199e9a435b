import type { AnyCommand } from '../../engine/command.js';
import { describeFlags, toCamel, type FlagInfo } from '../../engine/flags.js';

// A failed call's message in the words of the JSON the model sends. The engine speaks the CLI's: flags
// (`pass --all`, `missing required flag --edits[0.file]`) and a help page (`see: codeward multipatch --help`)
// the model cannot open. Only the command's own flags are rewritten: a shell line's options, a path or a
// search term that merely looks like a flag stay as they are, and so does a call or rule as the permission
// gate renders it (`@coder undo --all-sessions .`, `--allow "@coder undo?--all-sessions ."`): that is the
// rule's own spelling, which a person types and `policy check` reads (red team round 7: the model was told
// `@coder undo "allSessions" .`).
export function messageInAgentWords(message: string, command: AnyCommand | undefined): string {
  if (!command || !message.includes('--')) return message;
  return message.split(RENDERED_CALL).map((part, index) => (index % 2 === 1 ? part : inJsonWords(part, command))).join('');
}

// `@coder <command>` and the effect flags rendered after it (`--steps 5`, `--pattern '*.sqlite'`), captured
// so that split() keeps them at the odd indexes.
const RENDERED_CALL = /(@coder[ ?][\w-]+(?:[ ?]--[a-z][a-z0-9-]*(?: (?:'(?:[^']|'\\'')*'|(?!--)[A-Za-z0-9_@%+=:,./-]+))?)*)/;

function inJsonWords(message: string, command: AnyCommand): string {
  if (!message.includes('--')) return message;
  const flags = new Map(describeFlags(command).map((flag) => [flag.name, flag]));
  const named = new Set<string>();
  let out = message.replace(/(^|[\s(`'"[;,]|(?<=--[a-z][a-z0-9-]*)\/)--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)((?:\[[\w.]+\])?)(?![\w-])/g, (whole, lead: string, cli: string, path: string, at: number) => {
    const flag = flags.get(toCamel(cli));
    if (!flag) return whole;
    named.add(flag.name);
    if (path !== '') return `${lead}"${flag.name}${itemPath(path)}"`;
    // `pass --all` means the boolean set to true: say so in JSON (`invalid --regex term` names the flag only).
    const told = /\b(?:pass|with|use|set|add)$/.test(message.slice(Math.max(0, at - 8), at + lead.length).trimEnd());
    return `${lead}"${flag.name}"${flag.kind === 'boolean' && told ? ': true' : ''}`;
  });
  out = out.replace(/\b(unknown|missing required) flags? "/g, '$1 key "').replace(/\bvalid flags:/g, 'valid keys:');
  const help = `(see: codeward ${command.name} --help)`;
  if (out.includes(help)) out = out.split(help).join(`(${shapes(command.name, [...flags.values()], named)})`);
  return out;
}

// `[0.ops.0.op]` → `[0].ops[0].op`.
function itemPath(path: string): string {
  return path.slice(1, -1).split('.').map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`)).join('');
}

// What the flags named in the message take (their descriptions say the shape of a JSON list's items); with
// none named, the command's keys.
function shapes(name: string, flags: readonly FlagInfo[], named: ReadonlySet<string>): string {
  const described = flags.filter((flag) => named.has(flag.name) && flag.description !== '');
  if (described.length > 0) return described.map((flag) => `${flag.name}: ${flag.description}`).join('; ');
  return `${name} takes ${flags.map((flag) => `"${flag.name}"`).join(', ')}`;
}
