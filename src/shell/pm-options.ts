// The options of pnpm, yarn and bun that take the next word as their value (before the sub-command), one table for
// the hook walk's reading of the sub-command (permissions/hook-pm-options.ts) and the launch reading of the shell
// text they run (parse-launch-pm.ts). npm's are read by its own grammar (parse-launch-npm.ts).
const set = (text: string): ReadonlySet<string> => new Set(text.trim().split(/\s+/));

const VALUED: Readonly<Record<string, ReadonlySet<string>>> = {
  pnpm: set(`-C --dir -F --filter --filter-prod --test-pattern --changed-files-ignore-pattern --reporter --loglevel --workspace-concurrency
    --resume-from --store-dir --virtual-store-dir --modules-dir --lockfile-dir --global-dir --use-node-version --node-version --report-summary-file`),
  yarn: set(`--cwd --cache-folder --modules-folder --registry --network-timeout --mutex --global-folder --link-folder --use-yarnrc
    --preferred-cache-folder --network-concurrency --otp --https-proxy --proxy`),
  bun: set('--cwd -c --config -F --filter --env-file -r --preload --tsconfig-override --cache-dir --backend --registry --elide-lines --console-depth'),
};

// Whether `word` (an option written without `=`) of `manager` takes the next word as its value; a short cluster
// does when its last letter does (`pnpm -rF web`).
export function pmValued(manager: string, word: string): boolean {
  const table = VALUED[manager] ?? new Set<string>();
  return table.has(word) || (/^-[a-zA-Z]{2,}$/.test(word) && table.has(`-${word.slice(-1)}`));
}
