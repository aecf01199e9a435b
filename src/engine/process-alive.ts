// Whether a process with this pid exists on this host: signal 0 checks without sending anything. EPERM
// means it exists but belongs to someone else, so it is alive; only ESRCH says it is gone.
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
