import { join, resolve } from 'node:path';
import { optionValues, shown, variable, type Call, type Inside, type OptionSpec } from './unconfined-install-options.js';
import { rcsOutside, unknownFile, upward, userHome, type RcRule } from './unconfined-install-rc.js';

// The configuration files the JavaScript package managers read on their own (unconfined-install-rc.ts).
// npm (and pnpm, which reads the same files) takes `global=true` or `location=global` from a project's
// `.npmrc` and from the user's (`--userconfig`, `npm_config_userconfig`, else ~/.npmrc) as if given on the
// line (checked with npm 11: either file's `global=true` makes `npm i x` install into the global folder;
// `prefix` in a project file is refused by npm and in the user's file moves only the global folder, already
// asked). pnpm also takes its folders from them. yarn 1 takes any option from `.yarnrc` (`global-folder`,
// `--modules-folder x`, `--install.cwd x`), yarn 2+ its folders from `.yarnrc.yml`; both from the project's
// folders upward and the user's home. A configuration file named by a value only known at run time, or a key
// naming another one, is not proven inside. Cache folders (yarn 1's `cache-folder`, yarn 2+'s `cacheFolder`)
// are not read (issue 26 h-global, friction): every ordinary install writes its cache outside (npm's ~/.npm,
// yarn's global cache) and is not judged; the setting only moves that write, the names written there are the
// package manager's archive names (never a program or settings file a later tool runs), checked against the
// lockfile's checksums.

const NPMRC: RcRule = { flags: ['global'], values: { location: ['project', 'user'] }, files: ['userconfig', 'globalconfig'] };
const PNPM_FOLDERS = ['modules-dir', 'virtual-store-dir', 'global-dir', 'global-bin-dir', 'dir'];
const YARNRC: RcRule = { flags: ['global'], folders: ['prefix', 'global-folder', 'modules-folder', 'cwd', 'link-folder'], files: ['yarnrc', 'use-yarnrc'] };
const YARNRC_YML: RcRule = { folders: ['globalFolder', 'installStatePath', 'pnpUnpluggedFolder', 'virtualFolder', 'pnpDataPath', 'patchFolder', 'deferredVersionFolder'] };
const CONFIG_FILES: readonly OptionSpec[] = [{ long: 'userconfig', abbreviate: 2, value: true }, { long: 'globalconfig', abbreviate: 7, value: true }];

// The user's and global npmrc named on the line or by a variable (the line's or the engine's); the user's
// default (~/.npmrc) when none names it.
function npmrcFiles(call: Call): string[] | string {
  const named = CONFIG_FILES.flatMap((spec) => [...optionValues(call.words, spec), ...[variable(call.env, `npm_config_${spec.long}`) ?? []].flat()]);
  const unknown = named.find(unknownFile);
  if (unknown !== undefined) return unknown;
  const user = optionValues(call.words, CONFIG_FILES[0]!).length > 0 || variable(call.env, 'npm_config_userconfig') !== undefined;
  // A relative name is taken from the folder npm runs in.
  const files = named.flatMap((file) => call.folders.map((folder) => resolve(folder, file)));
  return user ? files : [...files, join(userHome(call), '.npmrc')];
}

// The file and its line that sends the install outside, undefined when none does.
export function nodeRcOutside(call: Call, inside: Inside): string | undefined {
  const program = call.form[0] ?? '';
  const home = userHome(call);
  if (program === 'yarn') {
    return rcsOutside([...upward(call.folders, '.yarnrc'), join(home, '.yarnrc')], 'yarnrc', YARNRC, inside)
      ?? rcsOutside([...upward(call.folders, '.yarnrc.yml'), join(home, '.yarnrc.yml')], 'yml', YARNRC_YML, inside);
  }
  if (program === 'bun') return undefined;
  const files = npmrcFiles(call);
  if (typeof files === 'string') return `the configuration file ${shown(files)}`;
  const rule = program === 'pnpm' ? { ...NPMRC, folders: PNPM_FOLDERS } : NPMRC;
  return rcsOutside([...upward(call.folders, '.npmrc'), ...files], 'npmrc', rule, inside);
}
