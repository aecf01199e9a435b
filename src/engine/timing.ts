// Where the milliseconds of one call go (`codeward --debug-timing …` or CODEWARD_DEBUG_TIMING=1): each
// mark closes a stage that began at the previous mark; a stage marked twice adds up. The first stage is
// Node's own start-up (performance.now() counts from the process's start). Each stage also gets the
// process's CPU time spent in it (every thread: the compiler's and the GC's too): on a loaded machine the
// wall time of a stage counts the waits for a core, the CPU time does not.
export interface Timing {
  mark(stage: string): void;
  // One line per stage and the total, for stderr.
  report(): string;
}

const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export function startTiming(now: () => number = () => performance.now(), cpu: () => number = cpuNow): Timing {
  const stages = new Map<string, { wall: number; cpu: number }>();
  let last = { wall: 0, cpu: 0 };
  const mark = (stage: string): void => {
    const at = { wall: now(), cpu: cpu() };
    const sum = stages.get(stage) ?? { wall: 0, cpu: 0 };
    stages.set(stage, { wall: sum.wall + at.wall - last.wall, cpu: sum.cpu + at.cpu - last.cpu });
    last = at;
  };
  mark('node start-up');
  return {
    mark,
    report: () => {
      const width = Math.max(...[...stages.keys(), 'total'].map((stage) => stage.length));
      const ms = (value: number): string => value.toFixed(1).padStart(7);
      const line = (stage: string, spent: { wall: number; cpu: number }): string => `timing: ${stage.padEnd(width)} ${ms(spent.wall)} ms  cpu ${ms(spent.cpu)} ms\n`;
      return [...stages].map(([stage, spent]) => line(stage, spent)).join('') + line('total', last);
    },
  };
}

// Whether this process was asked to time its call; and the argv without the flag. Only a token before the
// call's name counts (`codeward --debug-timing read …`, `codeward -C dir --debug-timing read …`), so a
// value that happens to spell the flag (`search --term --debug-timing`) is left to the command.
export function debugTimingWanted(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, valueGlobals: ReadonlySet<string>): { wanted: boolean; argv: string[] } {
  const rest = [...argv];
  let wanted = env['CODEWARD_DEBUG_TIMING'] === '1';
  for (let index = 0; index < rest.length; index += 1) {
    const token = rest[index]!;
    if (token === '--debug-timing') {
      rest.splice(index, 1);
      wanted = true;
      index -= 1;
    } else if (valueGlobals.has(token)) index += 1;
    else if (!token.startsWith('-')) break;
  }
  return { wanted, argv: rest };
}
