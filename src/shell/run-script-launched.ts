// The lines a script line's programs launch from their own arguments, by the parser's launch table
// (parse-launchers.ts: concurrently's quoted operands, `hyperfine CMD`, `time`/`nice`-style wrappers' argv ...), read
// in turn for the package scripts and recipes they run (left28's LEFT: `"cc": "concurrently \"yarn g\""` ran the
// denied script `g`, and the reading did not follow it). concurrently's `npm:NAME` (also yarn:, pnpm:, bun:) is
// `npm run NAME`, as canonical-runners.ts reads it. `runtime`: a launched text only known at run time (why).
import { launches } from './parse-launchers.js';
import { programOf } from './run-script-reading.js';
import { shCommands } from './sh-tokens.js';

export function launchedLines(line: string): { lines: string[]; runtime: string[] } {
  const lines: string[] = [];
  const runtime: string[] = [];
  for (const command of shCommands(line)) {
    const texts = command.map((word) => word.text);
    const { program, rest } = programOf(texts);
    if (program === '') continue;
    const words = [program, ...rest].map((value, i) => ({ value, dynamic: i > 0 && !command[texts.length - rest.length - 1 + i]!.single && /[$`]/.test(value) }));
    for (const launch of launches(program.toLowerCase(), words) ?? []) {
      if (launch.kind === 'command') lines.push(words.slice(launch.index).map((word) => word.value).join(' '));
      else if (launch.runtime !== undefined) runtime.push(`${texts.join(' ')}: ${launch.runtime}`);
      else lines.push(launch.text.replace(/^(npm|yarn|pnpm|bun):(\S.*)$/s, '$1 run $2'));
    }
  }
  return { lines, runtime };
}
