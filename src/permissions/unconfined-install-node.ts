import { UNKNOWN } from './argv.js';
import { nodeRcOutside } from './unconfined-install-npmrc.js';
import { destinationOutside, flagOn, operands, optionValues, shown, variable, type Call, type Inside, type OptionSpec } from './unconfined-install-options.js';

// The JavaScript package managers (npm, pnpm, yarn, bun, cnpm) and corepack, with no OS sandbox (red team
// R14b-5, R15-15). Their options are read wherever they stand and under npm's abbreviations
// (unconfined-install-options.ts): `npm -g i x`, `npm --gl i x`, `npm --loc=global i x`, `pnpm -g add x`.
// A call that is not a read (the subcommand as the program resolves it: `npm it` is install-test) installs
// outside when global (kept only by npm's `--prefix` inside), when a folder option (npm's prefix, pnpm's
// dir, yarn's and bun's cwd, yarn's modules folder) names a folder not inside, or when it links this
// package into the global folder (`npm link` with no package). The configuration files each reads (the
// project's, the user's, one named on the line or by a variable) are read for the same settings
// (unconfined-install-npmrc.ts), and the engine's own environment counts as the line's (installsOutside).

const GLOBAL: OptionSpec = { long: 'global', abbreviate: 1, short: 'g' };
const LOCATION: OptionSpec = { long: 'location', abbreviate: 2, short: 'L', value: true };

// The options naming the folder a program works in (installs into), per program.
const FOLDERS: Readonly<Record<string, readonly OptionSpec[]>> = {
  npm: [{ long: 'prefix', abbreviate: 3, short: 'C', value: true }],
  cnpm: [{ long: 'prefix', abbreviate: 3, short: 'C', value: true }],
  pnpm: [{ long: 'dir', short: 'C', value: true }, { long: 'prefix', value: true }, { long: 'global-dir', value: true }, { long: 'global-bin-dir', value: true }, { long: 'modules-dir', value: true }, { long: 'virtual-store-dir', value: true }],
  yarn: [{ long: 'cwd', value: true }, { long: 'modules-folder', value: true }, { long: 'global-folder', value: true }, { long: 'prefix', value: true }],
  bun: [{ long: 'cwd', value: true }],
};

// Subcommands (as each program resolves them) that install nothing and write no folder of their own.
// Any other one with a folder option outside works there (`npm --prefix /srv/x run build` runs that package's script).
const READS = new Set(['ls', 'll', 'list', 'view', 'info', 'outdated', 'explain', 'why', 'root', 'prefix', 'bin', 'help', 'help-search', 'search', 'fund', 'query', 'sbom', 'bugs', 'docs', 'repo', 'whoami', 'ping', 'get']);
// `npm config set` writes the user's configuration (~/.npmrc), which every later npm obeys.
const CONFIG_WRITES = new Set(['set', 'delete', 'rm', 'edit', 'fix']);

export function nodeInstall(call: Call, inside: Inside): string | undefined {
  const { form, words, env } = call;
  const [program = '', sub = '', ...after] = form;
  if (program === 'yarn' && sub === 'global') return 'yarn global installs into the global folder';
  const location = [...optionValues(words, LOCATION), variable(env, 'npm_config_location') ?? ''];
  if ((sub === 'config' && CONFIG_WRITES.has(after.find((word) => !word.startsWith('-')) ?? '')) || sub === 'set') {
    if (!location.includes('project')) return `${program} ${sub} writes the user's configuration outside the workspace`;
  }
  if (sub === '' || READS.has(sub)) return undefined;
  const unknown = words.find((word) => word.startsWith(UNKNOWN));
  if (unknown !== undefined) return `${program} ${sub} is given ${shown(unknown)}, which may be --global, --prefix or a configuration file`;
  // npm takes its local folder from the line's prefix only (@npmcli/config loadLocalPrefix): the engine's
  // npm_config_prefix (set by `npm run`, npx) moves only the global folder.
  const folder = destinationOutside({ ...call, env: call.assigned }, inside, FOLDERS[program] ?? [], ['npm_config_prefix']);
  if (folder) return `${program} ${sub} works in ${folder}, outside the workspace`;
  const global = flagOn(words, GLOBAL) || location.includes('global') || !/^(?:false|0|)$/i.test(variable(env, 'npm_config_global') ?? '');
  // npm's global install goes below its prefix: a prefix inside keeps it inside.
  if (global && !(folder === undefined && (program === 'npm' || program === 'cnpm'))) return `${program} ${sub} --global installs into the global folder`;
  const rc = nodeRcOutside(call, inside);
  if (rc !== undefined) return `${program} ${sub} installs into the global folder or a folder outside (${rc})`;
  if ((sub === 'link' || sub === 'ln') && operands(after).length === 0) return `${program} link with no package links this package into the global folder`;
  return undefined;
}

// corepack: `enable`/`disable` write the package managers' shims beside node (kept by `--install-directory`
// inside); `install -g` and `prepare --activate` set the global package manager. `corepack npm …` is npm's
// call (the caller judges the program corepack starts).
export function corepackInstall(call: Call, inside: Inside): string | undefined {
  const { words } = call;
  const sub = operands(words, ['--install-directory'])[0] ?? '';
  if (sub === 'enable' || sub === 'disable') {
    const kept = destinationOutside(call, inside, [{ long: 'install-directory', value: true }]);
    return kept === undefined ? undefined : `corepack ${sub} writes the package managers' programs ${kept ? `into ${kept}` : 'beside node'}, outside the workspace`;
  }
  if ((sub === 'install' && flagOn(words, GLOBAL)) || (sub === 'prepare' && words.includes('--activate'))) return `corepack ${sub} sets the user's global package manager`;
  return undefined;
}
