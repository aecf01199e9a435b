// pnpm's options as its nopt reads them (opts31, issue 26 LEFT from round 28: `pnpm --prefi sub run g`, `-dir sub`,
// `--C sub`, `--pre=sub`, `-rC sub`, `--rec`, `--filter-p sub` ran sub's script while the readers matched `-C`,
// `--dir`, `-F`, `--filter` as written). pnpm 9.15's @pnpm/parse-cli-args runs nopt (its own copy, npm's rules):
// a word that names a key (after one dash or two) or a unique prefix of one, a one-letter shorthand (`--C` too), a
// word of one-letter shorthands as each of them (`-rC sub` is `--recursive --dir sub`; `--if` is `-i -f`), and
// `--prefix` is renamed `--dir`. Checked against the real pnpm 9.15.9 (the rows of the test). A prefix several keys
// share is left as written (pnpm's two passes read it apart), except with `=` where the value is known: then the
// riskiest key it may be (`--pre=sub` ran sub's script). Options end at the words pnpm hands on (`exec`, `dlx`,
// `create`, `test`, the script name of `run`, an unknown command's words) and at `--`.
import type { Cut } from './short-clusters.js';

// GLOBAL_OPTIONS, `recursive`, and the options of run, exec, install and add (`pnpm help CMD`, pnpm 9.15.9).
const KEYS = `color dir filter filter-prod loglevel parseable prefix reporter stream aggregate-output test-pattern
  changed-files-ignore-pattern use-stderr ignore-workspace workspace-packages workspace-root include-workspace-root fail-if-no-match
  recursive help version if-present no-bail bail parallel report-summary reporter-hide-prefix resume-from sequential silent
  workspace-concurrency shell-mode child-concurrency dev fix-lockfile force global global-dir hoist-pattern ignore-pnpmfile
  ignore-scripts lockfile-dir lockfile-only merge-git-branch-lockfiles modules-dir network-concurrency frozen-lockfile hoist lockfile
  optional offline package-import-method prefer-frozen-lockfile prefer-offline prod production public-hoist-pattern resolution-only
  shamefully-hoist side-effects-cache side-effects-cache-readonly store-dir strict-peer-dependencies use-running-store-server
  use-store-server virtual-store-dir save-dev save-optional save-peer save-prod save-exact workspace interactive latest long
  use-node-version`.split(/\s+/);

// Universal shorthands (pnpm's lib/shorthands.js); an expansion with `=` sets a value of its own.
const SHORTHANDS: Readonly<Record<string, string>> = {
  s: '--reporter=silent', d: '--loglevel=info', dd: '--loglevel=verbose', ddd: '--loglevel=silly', L: '--latest', r: '--recursive',
  silent: '--reporter=silent', verbose: '--loglevel=verbose', quiet: '--loglevel=warn', q: '--loglevel=warn', h: '--help', H: '--help',
  '?': '--help', usage: '--help', v: '--version', f: '--force', local: '--no-global', l: '--long', p: '--parseable', porcelain: '--parseable',
  prod: '--production', development: '--dev', g: '--global', S: '--save', D: '--save-dev', P: '--save-prod', E: '--save-exact',
  O: '--save-optional', C: '--dir', w: '--workspace-root', i: '--interactive', F: '--filter',
};
const SHORT_KEYS = Object.keys(SHORTHANDS);
const SINGLES = SHORT_KEYS.filter((key) => key.length === 1);
// pnpm renames `--prefix` to `--dir` after parsing.
const RENAMED: Readonly<Record<string, string>> = { prefix: 'dir' };
// Of several keys a prefix given a value may be: the riskiest first.
const RISKY = ['dir', 'prefix', 'filter', 'filter-prod', 'workspace-root', 'global', 'global-dir', 'store-dir', 'modules-dir', 'lockfile-dir', 'virtual-store-dir'];
// Commands whose following words pnpm hands on as they are (the second: after the script name).
const HANDS_ON = new Set(['exec', 'dlx', 'create', 'test', 't', 'tst', 'start']);
const RUNS = new Set(['run', 'run-script']);
const COMMANDS = new Set(`add install i remove rm uninstall un update up upgrade link ln unlink root bin config c get set store why list ls
  outdated audit publish pack rebuild rb prune import fetch deploy patch patch-commit patch-remove env setup server licenses init dedupe
  doctor ci install-test it recursive multi m`.split(/\s+/));

// The keys taking a value (the next word when not written `--key=value`).
const VALUED = new Set(`dir prefix filter filter-prod loglevel reporter test-pattern changed-files-ignore-pattern resume-from
  workspace-concurrency global-dir hoist-pattern lockfile-dir modules-dir network-concurrency package-import-method public-hoist-pattern
  store-dir virtual-store-dir child-concurrency use-node-version`.split(/\s+/));

const prefixed = (names: readonly string[], name: string): string[] => (names.includes(name) ? [name] : names.filter((each) => each.startsWith(name)));
const keyName = (key: string): string => `--${RENAMED[key] ?? key}`;

type Read = { name: string } | { cuts: Cut[]; drop?: number } | undefined;

// How nopt reads one option word of pnpm (resolveShort, then abbrev).
function pnpmWord(word: string): Read {
  const eq = word.includes('=');
  const typed = word.split('=')[0]!;
  const name = typed.replace(/^-+/, '');
  if (name === '' || name.toLowerCase().startsWith('no-')) return undefined;
  if (KEYS.includes(name)) return typed === keyName(name) ? undefined : { name: keyName(name) };
  const expansion = Object.hasOwn(SHORTHANDS, name) ? SHORTHANDS[name]! : undefined;
  // `-C` as written (every reader knows it); `--C`, `-local` as what they stand for.
  if (expansion !== undefined) return typed.startsWith('--') && !expansion.includes('=') ? { name: expansion } : undefined;
  if (name.length > 1 && [...name].every((letter) => SINGLES.includes(letter))) {
    // `-rC sub`: one option a word; nopt drops every dash first (`--rC sub` is `-r -C sub`).
    const cuts = [...name].slice(1).map((_, k) => ({ offset: k + 2, dash: true }));
    return typed.startsWith('--') ? { cuts, drop: typed.length - name.length - 1 } : { cuts };
  }
  const keys = prefixed(KEYS, name);
  if (keys.length === 1) return { name: keyName(keys[0]!) };
  const shorts = keys.length === 0 ? prefixed(SHORT_KEYS, name) : [];
  if (shorts.length === 1) return SHORTHANDS[shorts[0]!]!.includes('=') ? undefined : { name: SHORTHANDS[shorts[0]!]! };
  const risky = eq ? RISKY.find((key) => keys.includes(key)) : undefined;
  return risky === undefined ? undefined : { name: keyName(risky) };
}

type PnpmRewrite = { readonly at: number; readonly name: string } | { readonly at: number; readonly cuts: readonly Cut[]; readonly drop?: number };

// The rewrites of pnpm's words from `from` on.
export function pnpmRewrites(words: readonly { value: string; dynamic: boolean }[], from: number): PnpmRewrite[] {
  const out: PnpmRewrite[] = [];
  let command: string | undefined;
  for (let at = from; at < words.length; at++) {
    const { value, dynamic } = words[at]!;
    if (value === '--' || /^-{2,}$/.test(value)) break;
    if (dynamic) continue;
    if (!value.startsWith('-') || value === '-') {
      // The script of `run`, or the first word of a command pnpm hands on (an unknown one runs as a script).
      if (command !== undefined && RUNS.has(command)) break;
      if (command === undefined && !COMMANDS.has(value) && !RUNS.has(value)) break;
      if (HANDS_ON.has(value)) break;
      if (command === undefined || command === 'recursive' || command === 'multi' || command === 'm') command = value;
      continue;
    }
    const read = pnpmWord(value);
    if (read !== undefined && 'cuts' in read) out.push({ at, cuts: read.cuts, ...(read.drop === undefined ? {} : { drop: read.drop }) });
    else if (read !== undefined) out.push({ at, name: read.name });
    // The option's value is the next word (`--dir sub`, `-C sub`, `-rC sub`).
    const key = (read !== undefined && 'name' in read ? read.name : value.startsWith('--') ? value : (SHORTHANDS[value.slice(-1)] ?? value)).replace(/^-+/, '');
    if (!value.includes('=') && VALUED.has(key)) at++;
  }
  return out;
}
