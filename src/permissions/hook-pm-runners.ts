// The package managers' script runners on a hook line (red team R21-10, FRICTION: each made every source write ask
// as "a runner codeward does not model"): npm-run-all (and its run-s / run-p) runs each operand as `npm run NAME`, a
// pattern (`lint:*`, `build:**`) naming every matching script of package.json; concurrently runs `npm:NAME` (also
// yarn:, pnpm:, bun:) the same way and any other operand as a shell line; `corepack pnpm ...` is pnpm. Options are an
// allow-list: one not listed (npm-run-all's `--npm-path`, concurrently's `--cwd`, `-P` passing arguments into the
// commands) or words handed to the scripts make the line unmodelled (fail closed).
const words = (text: string): Set<string> => new Set(text.split(/\s+/).filter(Boolean));

interface Grammar {
  readonly flags: ReadonlySet<string>;
  readonly valued: ReadonlySet<string>;
}
const RUN_ALL: Grammar = {
  flags: words('-s --sequential --serial -p --parallel -c --continue-on-error -l --print-label -n --print-name -r --race --silent --aggregate-output'),
  valued: words('--max-parallel'),
};
const CONCURRENTLY: Grammar = {
  flags: words('-k --kill-others --kill-others-on-fail -r --raw -g --group --timings -i --handle-input --no-color --pad-prefix'),
  valued: words('-n --names -c --prefix-colors -s --success -m --max-processes -p --prefix -l --prefix-length -t --timestamp-format --hide --restart-tries --restart-after --default-input-target --name-separator'),
};
export const PM_RUNNERS = new Set(['npm-run-all', 'run-s', 'run-p', 'concurrently']);
const MANAGERS = /^(?:npm|npx|pnpm|pnpx|yarn)(?:@[^/]*)?$/;

export interface RunnerRun {
  // The scripts it runs (patterns; with their pre/post), and the shell lines it runs (concurrently's commands).
  readonly names: string[];
  readonly lines: string[];
  readonly unknown?: string;
}

const scripts = (name: string): string[] => [`pre${name}`, name, `post${name}`];

// What runner `name` with the words after it (`rest`, up to the end of its command) runs; undefined: no such runner.
export function pmRunner(name: string, rest: readonly string[]): RunnerRun | undefined {
  if (name === 'corepack') return MANAGERS.test(rest[0] ?? '') ? { names: [], lines: [] } : { names: [], lines: [], unknown: `\`corepack ${rest[0] ?? ''}\` (a corepack command codeward does not model)` };
  if (!PM_RUNNERS.has(name)) return undefined;
  const grammar = name === 'concurrently' ? CONCURRENTLY : RUN_ALL;
  const names: string[] = [];
  const lines: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word === '--') return { names, lines, unknown: `\`${name} ... -- ${rest.slice(i + 1).join(' ')}\` (words passed into the scripts)` };
    if (word.startsWith('-') && word !== '-') {
      const key = word.includes('=') ? word.slice(0, word.indexOf('=')) : word;
      if (grammar.valued.has(key)) i += word.includes('=') ? 0 : 1;
      else if (!grammar.flags.has(key)) return { names, lines, unknown: `\`${name} ${key}\` (an option of ${name} codeward does not model)` };
      continue;
    }
    const short = name === 'concurrently' ? /^(?:npm|yarn|pnpm|bun):(.+)$/s.exec(word) : undefined;
    // concurrently's `npm:lint:* (!fix)` excludes some: all of the pattern's are read (more, never fewer).
    const pattern = name === 'concurrently' ? short?.[1]?.replace(/\s*\(!.*\)\s*$/, '') : word;
    if (pattern === undefined) lines.push(word);
    else if (/\s|\{/.test(pattern)) return { names, lines, unknown: `\`${name} '${pattern}'\` (arguments passed into a script)` };
    else names.push(...scripts(pattern));
  }
  return { names, lines };
}
