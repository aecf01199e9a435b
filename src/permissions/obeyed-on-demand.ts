import type { DecideContext } from './decide-common.js';
import type { ObeyedContextOf } from './immune.js';
import type { LineWrites } from './written-before.js';

// A shell line's decision with the write gate's obeyed context (obeyed-context.ts: the workspace's
// repositories, hook walk and home links, ~500 KB of code) loaded only when the line judges a written path
// against it (issue 31: `exec --cmd true` loaded and compiled all of it for nothing), and written-before.ts's
// LineWrites only when a program's command file is read (immune-code.ts: psql -f, sqlite3 -init, gdb -x). The
// decision is synchronous (decide-shell.ts), so it is made once with stand-ins that throw when asked; when one
// was asked, whatever that first decision came to (the throw, or an answer a catch on the way made of it) is
// dropped, the module is loaded, and the decision is made again: the same decision as with it loaded from
// the start. `decide` must have no effect but its answer (decide-shell.ts and decide-scripts.ts judge only).
export async function withObeyedOnDemand<T>(ctx: DecideContext, decide: (ctx: DecideContext) => T | Promise<T>): Promise<T> {
  // At most three decisions: each one that asks loads what it asked for (a later one may reach the other).
  for (let loaded = ctx; ;) {
    if (loaded.obeyed && loaded.lineWrites) return decide(loaded);
    const asked = { obeyed: false, lineWrites: false };
    const absent: ObeyedContextOf = () => {
      asked.obeyed = true;
      throw new Error('obeyed-on-demand: the obeyed context is not loaded yet');
    };
    const absentWrites = class {
      constructor() {
        asked.lineWrites = true;
        throw new Error('obeyed-on-demand: written-before.ts is not loaded yet');
      }
    } as unknown as typeof LineWrites;
    try {
      const first = await decide({ ...loaded, obeyed: loaded.obeyed ?? absent, lineWrites: loaded.lineWrites ?? absentWrites });
      if (!asked.obeyed && !asked.lineWrites) return first;
    } catch (error) {
      if (!asked.obeyed && !asked.lineWrites) throw error;
    }
    const obeyed = asked.obeyed ? (await import('./obeyed-context.js')).obeyedContext : loaded.obeyed;
    const lineWrites = asked.lineWrites ? (await import('./written-before.js')).LineWrites : loaded.lineWrites;
    loaded = { ...loaded, ...(obeyed ? { obeyed } : {}), ...(lineWrites ? { lineWrites } : {}) };
  }
}
