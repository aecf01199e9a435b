import type { AgentLoop } from '../../agent/loop/agent.js';

// Ctrl+C: the first press cancels the running turn; a press when no turn runs, or a second press
// within two seconds, leaves.
export function interruptHandler(loop: Pick<AgentLoop, 'cancelTurn'>, exit: () => void, now: () => number = Date.now): () => void {
  let last = -Infinity;
  return () => {
    const at = now();
    const again = at - last < 2_000;
    last = at;
    if (again || !loop.cancelTurn()) exit();
  };
}
