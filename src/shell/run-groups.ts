// Process groups started by runProcess that are still running. If codeward itself is interrupted
// (Ctrl-C reaches only the terminal's foreground group, and ours are not in it) or exits, they are
// killed, so no command outlives the codeward that started it.

const live = new Set<number>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

// Sends `signal` to every process of the group; false when the group is gone.
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function killAll(): void {
  for (const pgid of live) signalGroup(pgid, 'SIGKILL');
}

function onSignal(signal: NodeJS.Signals): void {
  killAll();
  uninstall();
  // Keep the default behaviour (terminate) unless someone else handles the signal.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function install(): void {
  process.on('exit', killAll);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function uninstall(): void {
  process.off('exit', killAll);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

// Registers a running group; the returned function forgets it once the group is dealt with.
export function trackGroup(pgid: number): () => void {
  if (live.size === 0) install();
  live.add(pgid);
  return () => {
    if (live.delete(pgid) && live.size === 0) uninstall();
  };
}
