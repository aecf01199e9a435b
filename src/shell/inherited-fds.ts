import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';

// Red team R39-a3: the sandbox's view is a mount namespace, so what it leaves out cannot be opened BY PATH; a descriptor
// is another way in. Node marks its own descriptors close-on-exec, but one codeward INHERITED without it (the agent
// host's, an editor's, a CI runner's) stays open through bubblewrap into the sandboxed command, which reads the file or
// the folder tree behind it through /proc/self/fd/N. So every command codeward runs gets /dev/null at each such number:
// the stdio entries of its spawn (node cannot mark a descriptor close-on-exec, and closing the host's is not ours).
// `used`: the entries the run already has (0-2 and its inputs); `start` spawns with the entries to use.
export function withoutInherited<T, R>(used: readonly T[], start: (stdio: (T | 'ignore' | number)[]) => R): R {
  const leaked = inheritedOpen(used.length);
  if (leaked.length === 0) return start([...used]);
  const stdio: (T | 'ignore' | number)[] = [...used];
  const nothing = openSync('/dev/null', 'r');
  try {
    for (const fd of leaked) {
      while (stdio.length <= fd) stdio.push('ignore');
      stdio[fd] = nothing;
    }
    return start(stdio);
  } finally {
    closeSync(nothing);
  }
}

// This process's descriptors from `from` up without close-on-exec (fdinfo's `flags`, octal; O_CLOEXEC is 02000000).
function inheritedOpen(from: number): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc/self/fd');
  } catch {
    return [];
  }
  return names.map(Number).filter((fd) => fd >= from && !closesOnExec(fd));
}

function closesOnExec(fd: number): boolean {
  try {
    const flags = /^flags:\s*([0-7]+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1];
    return flags === undefined || (parseInt(flags, 8) & 0o2000000) !== 0;
  } catch {
    return true; // Gone (the listing's own descriptor).
  }
}
