import { posix } from 'node:path';
// Where the system's programs live (a package installs them; a command of the line does not choose their bytes).
// A leaf module: the shell planner (parse-plan.ts) and a cold read's rule spelling (canonical-entry.ts) both load it.
export const SYSTEM_PATH = /^\/(?:usr|bin|sbin|lib|lib64|opt|nix|snap)\//;

// Whether a path names a program of the system folders, as the kernel opens it: `..` taken first (R38-b3:
// `/usr/../WORKSPACE/x` is a workspace file, not the system's). Every "is this the system's program" asks here.
export const systemProgram = (path: string): boolean => path.startsWith('/') && SYSTEM_PATH.test(posix.normalize(path));
