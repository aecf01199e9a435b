// A test run whose output was cut names the call that shows all of it. The text says it in the CLI's words
// (`all of it: exec --cmd "npm test 2>&1" --dir "pkg"`); a door whose callers send JSON (the agent, MCP)
// says it as the call they send. Only codeward's own notes are rewritten, never the process's text: the
// header of a failing run's output (its first occurrence, before the output) and the counts line a passing
// run ends with (its last occurrence, after the output).

export interface AllOutputArgs {
  cmd: string;
  dir?: string;
}

// The note's call, as the CLI says it.
export function allOutputCall(command: string, dir: string | undefined): string {
  return `all of it: exec --cmd ${JSON.stringify(`${command} 2>&1`)}${dir === undefined ? '' : ` --dir ${JSON.stringify(dir)}`}`;
}

const CALL = String.raw`all of it: exec --cmd ("(?:[^"\\]|\\.)*")(?: --dir ("(?:[^"\\]|\\.)*"))?`;
const HEADER = new RegExp(String.raw`^(--- output \(.*; )${CALL}(\) ---)$`, 'm');
const COUNTS = new RegExp(String.raw`^(\[exit \d+\] — .*\(.*; )${CALL}(\))$`, 'gm');

function rendered(lead: string, quoted: string, dir: string | undefined, tail: string, render: (args: AllOutputArgs) => string): string | undefined {
  try {
    // The call's own folder goes with it: the same command from the root runs other tests or none.
    const args: AllOutputArgs = { cmd: JSON.parse(quoted) as string, ...(dir === undefined ? {} : { dir: JSON.parse(dir) as string }) };
    return `${lead}all of it: ${render(args)}${tail}`;
  } catch {
    return undefined;
  }
}

// The text with its note's call rendered by `render` (`{"cmd":"exec","args":{...}}`, `exec {...}`).
export function allOutputCallAs(text: string, render: (args: AllOutputArgs) => string): string {
  if (!text.includes('all of it: exec --cmd ')) return text;
  let out = text.replace(HEADER, (whole, lead: string, quoted: string, dir: string | undefined, tail: string) => rendered(lead, quoted, dir, tail, render) ?? whole);
  const last = [...out.matchAll(COUNTS)].at(-1);
  if (last?.index !== undefined) {
    const [whole, lead, quoted, dir, tail] = last as unknown as [string, string, string, string | undefined, string];
    const now = rendered(lead, quoted, dir, tail, render);
    if (now !== undefined) out = `${out.slice(0, last.index)}${now}${out.slice(last.index + whole.length)}`;
  }
  return out;
}
