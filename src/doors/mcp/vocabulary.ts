import type { AnyCommand } from '../../engine/command.js';
import { toCamel } from '../../engine/flags.js';

// Command messages speak the CLI's words (`--max-bytes`, `see: codeward read --help`); an MCP client sends
// JSON keys. Rewrites a result's text into the tool's own vocabulary: `--max-bytes 5` → `maxBytes: 5`
// for every flag the tool takes (other `--words`, such as a shell command's own options, stay as they are).
export function inMcpWords(text: string, command: AnyCommand | undefined): string {
  if (!command || !text.includes('--')) return text;
  const keys = new Set(Object.keys(command.flags._zod.def.shape));
  const help = `codeward ${command.name} --help`;
  let out = text.split(`(see: ${help})`).join(`(see the ${command.name} tool's inputSchema)`).split(help).join(`the ${command.name} tool's inputSchema`);
  // The schema's own error phrases: `unknown flag --foo-bar, --baz` → unknown key `fooBar`, `baz`.
  out = out.replace(/\b(unknown|missing required) flag ((?:--[a-zA-Z0-9-]+(?:, )?)+)/g, (_whole, kind: string, list: string) =>
    `${kind} key ${list.split(', ').map((flag) => `\`${toCamel(flag)}\``).join(', ')}`,
  );
  out = out.replace(/(^|[\s(`'"[])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?:( |=)(\d+(?![\w-])))?/g, (whole, lead: string, flag: string, _sep?: string, value?: string) => {
    const key = toCamel(flag);
    if (!keys.has(key)) return whole;
    return value === undefined ? `${lead}\`${key}\`` : `${lead}\`${key}: ${value}\``;
  });
  return out;
}
