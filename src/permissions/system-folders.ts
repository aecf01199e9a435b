// Where the system's programs live (a package installs them; a command of the line does not choose their bytes).
// A leaf module: the shell planner (parse-plan.ts) and a cold read's rule spelling (canonical-entry.ts) both load it.
export const SYSTEM_PATH = /^\/(?:usr|bin|sbin|lib|lib64|opt|nix|snap)\//;
