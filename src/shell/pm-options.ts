// The options of npm, pnpm, yarn and bun: ONE table, every fact about an option in one place (pm21: the valued options
// were listed here for the hook walk and again, a different list, in the launch runner table). Its readers: the
// hook walk's reading of the sub-command (permissions/hook-pm-options.ts), the launch reading of what `exec`/`dlx`
// run (parse-launch-generic.ts), of the shell-mode forms (parse-launch-pm.ts) and npm's grammar (parse-launch-npm.ts,
// which adds nopt's own facts: `--call` and its abbreviations, the options naming a program).
const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

// What an option is: `valued` takes the next word as its value (when not written `--name=value`); `flag` takes
// none; `shell` (a flag) makes `exec` run its words as one shell line (pnpm's `-c`/`--shell-mode`). The same fact
// holds before the sub-command and after `exec`/`dlx` (`pnpm --package=P dlx CMD`, `yarn dlx -p P CMD`).
export interface PmOption {
  readonly kind: 'valued' | 'flag' | 'shell';
}

// Flags every manager reads (known to take no value: the hook walk gives no second reading after them).
const COMMON_FLAGS = `-r --recursive -w --workspace-root -s --silent --verbose -g --global -D -P -O --dev --prod --production
  --offline --prefer-offline --frozen-lockfile --no-frozen-lockfile --immutable --ignore-scripts --if-present --parallel --stream
  --aggregate-output --no-bail --bail --color --no-color -y --yes -q --quiet --no-audit --no-fund --json --force -f`;

function table(spec: { valued: string; shell?: string }): ReadonlyMap<string, PmOption> {
  const options = new Map<string, PmOption>(words(COMMON_FLAGS).map((name) => [name, { kind: 'flag' }]));
  for (const name of words(spec.shell ?? '')) options.set(name, { kind: 'shell' });
  for (const name of words(spec.valued)) options.set(name, { kind: 'valued' });
  return options;
}

export const PM_OPTIONS: Readonly<Record<string, ReadonlyMap<string, PmOption>>> = {
  // npm's taking a value; `--call` and the program options are read by npm's grammar (parse-launch-npm.ts).
  npm: table({
    valued: `-C --prefix -w --workspace -p --package --userconfig --globalconfig --registry --cache --loglevel --script-shell --shell --otp --tag
      --access --omit --include --location -L --before --scope --auth-type --cafile --node-options`,
  }),
  pnpm: table({
    valued: `-C --dir -F --filter --filter-prod --test-pattern --changed-files-ignore-pattern --reporter --loglevel --workspace-concurrency
      --resume-from --store-dir --virtual-store-dir --modules-dir --lockfile-dir --global-dir --use-node-version --node-version --report-summary-file --package`,
    shell: '-c --shell-mode',
  }),
  yarn: table({
    valued: `--cwd --cache-folder --modules-folder --registry --network-timeout --mutex --global-folder --link-folder --use-yarnrc
      --preferred-cache-folder --network-concurrency --otp --https-proxy --proxy -p --package`,
  }),
  bun: table({ valued: '--cwd -c --config -F --filter --env-file -r --preload --tsconfig-override --cache-dir --backend --registry --elide-lines --console-depth' }),
};

// The fact about `word` (an option written without `=`) of `manager`; a short cluster is its last letter's
// (`pnpm -rF web`: -F's), or a shell flag when one is set in it (`pnpm -rc exec`, `-cr`).
export function pmOption(manager: string, word: string): PmOption | undefined {
  const options = PM_OPTIONS[manager];
  if (!/^-[a-zA-Z]{2,}$/.test(word)) return options?.get(word);
  const last = options?.get(`-${word.slice(-1)}`);
  if (last?.kind === 'valued') return last;
  return [...word.slice(1)].some((letter) => options?.get(`-${letter}`)?.kind === 'shell') ? { kind: 'shell' } : last;
}

// Whether `word` of `manager` takes the next word as its value.
export const pmValued = (manager: string, word: string): boolean => pmOption(manager, word)?.kind === 'valued';

// The table as a launch runner reads it (parse-launch-generic.ts): its valued options, and its shell flags by their
// names (the runner reads a short one's attached text itself: `pnpm exec -c'git push'`, `-c=git push`).
export const pmRunnerOptions = (manager: string): { valued: { test(word: string): boolean }; shell: { test(word: string): boolean } } => ({
  valued: { test: (word) => pmValued(manager, word) },
  shell: { test: (word) => PM_OPTIONS[manager]?.get(word)?.kind === 'shell' },
});
