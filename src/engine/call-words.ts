import type { AnyCommand } from './command.js';
import { toCamel } from './flag-names.js';

export type CallArgs = Record<string, string | number | boolean>;

// A command's own call in CLI words inside one of its messages (`read --file a.ts --start 50`, also at the
// end of a bracketed note: `all of them: checkpoints --id 7]`) as the call a JSON caller sends, rendered by
// each door (`read {"file":"a.ts","start":50}` for MCP, `{"cmd":"read","args":{...}}` for the agent). A
// call with a word that is not one of the command's keys is left as it is.
export function callsInJson(text: string, command: AnyCommand, render: (name: string, args: CallArgs) => string): string {
  if (!text.includes(`${command.name} --`)) return text;
  const keys = new Set(Object.keys(command.flags._zod.def.shape));
  const name = command.name.replace(/[-]/g, '\\-');
  const call = new RegExp(`(^|[\\s(:\`])${name}((?: --[a-z][a-z0-9-]*(?: (?!--)[^\\s;,)\`'"\\]]+)?)+)`, 'g');
  return text.replace(call, (whole, lead: string, flags: string) => {
    const args = argsOf(flags, keys);
    return args === undefined ? whole : `${lead}${render(command.name, args)}`;
  });
}

function argsOf(flags: string, keys: ReadonlySet<string>): CallArgs | undefined {
  const args: CallArgs = {};
  for (const [, flag, value] of flags.matchAll(/--([a-z][a-z0-9-]*)(?: (?!--)([^\s;,)`'"\]]+))?/g)) {
    const key = toCamel(flag!);
    if (!keys.has(key)) return undefined;
    args[key] = value === undefined ? true : /^\d+$/.test(value) ? Number(value) : value;
  }
  return args;
}

// A call spelled `codeward NAME …` (a help page `codeward write --help`, a command `codeward git-status`)
// in the words of a door that calls the same commands under another name: ChatCLI's plugin is `@coder`
// (`@coder write --help`). Only the commands that door can call (`callable`); a person's command
// (`codeward doctor`, `codeward trust`) stays as a person types it in a terminal.
export function callsAs(text: string, door: string, callable: ReadonlySet<string>): string {
  if (!text.includes('codeward ')) return text;
  return text.replace(/(^|[^\w'-])codeward ([a-z][a-z-]*)(?![\w-])/g, (whole, lead: string, name: string) => (callable.has(name) ? `${lead}${door} ${name}` : whole));
}
