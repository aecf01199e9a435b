import type { DecideContext } from './decide-common.js';
import type { ObeyedContextOf } from './immune.js';

// A shell line's decision with the write gate's obeyed context (obeyed-context.ts: the workspace's
// repositories, hook walk and home links, ~500 KB of code) loaded only when the line judges a written path
// against it (issue 31: `exec --cmd true` loaded and compiled all of it for nothing). The decision is
// synchronous (decide-shell.ts), so it is made once with a stand-in that throws when asked; when it was
// asked, whatever that first decision came to (the throw, or an answer a catch on the way made of it) is
// dropped, the module is loaded, and the decision is made again: the same decision as with it loaded from
// the start. `decide` must have no effect but its answer (decide-shell.ts and decide-scripts.ts judge only).
export async function withObeyedOnDemand<T>(ctx: DecideContext, decide: (ctx: DecideContext) => T | Promise<T>): Promise<T> {
  if (ctx.obeyed) return decide(ctx);
  let asked = false;
  const absent: ObeyedContextOf = () => {
    asked = true;
    throw new Error('obeyed-on-demand: the obeyed context is not loaded yet');
  };
  try {
    const first = await decide({ ...ctx, obeyed: absent });
    if (!asked) return first;
  } catch (error) {
    if (!asked) throw error;
  }
  const { obeyedContext } = await import('./obeyed-context.js');
  return decide({ ...ctx, obeyed: obeyedContext });
}
