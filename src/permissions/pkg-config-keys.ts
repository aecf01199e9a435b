// The one table of what the package managers' configuration keys name (red team R19-16, R19-12; read by
// pkg-config-obeyed.ts): key (lower case, `-` and `_` dropped, so npm's `script-shell`, pnpm-workspace.yaml's
// `scriptShell` and yarn's `yarn-path` are one spelling each; bun's keys with their table: `test.preload`) ->
// what its value is:
// - `program`: a file the manager runs or loads (a script shell, yarn's release, a pnpmfile, a plug-in);
// - `module`: a module node or bun loads, by path or by bare name (node-options is NODE_OPTIONS for every script);
// - `config`: another configuration file, read in turn as `.npmrc`;
// - `folder`: a folder the manager runs or loads programs from (a prefix's bin/, a cache of packages it unpacks);
// - `file`: a file read as data (a certificate; obeyed, it names nothing further);
// - `data`: nothing of the work tree (a URL, a glob of workspace packages, names).
// A key not in the table whose value is spelled like a path obeys the whole work tree (pkg-config-obeyed.ts).
export type KeyRole = 'program' | 'module' | 'config' | 'folder' | 'file' | 'dotenv' | 'data';

const ROLES: Readonly<Record<Exclude<KeyRole, 'data'>, readonly string[]>> = {
  program: ['scriptshell', 'shell', 'onloadscript', 'initmodule', 'pnpmfile', 'globalpnpmfile', 'editor', 'browser', 'viewer', 'git', 'nodegyp', 'npmpath', 'yarnpath', 'plugins', 'run.shell', 'patcheddependencies'],
  module: ['nodeoptions', 'preload', 'test.preload', 'serve.static.plugins'],
  config: ['globalconfig', 'userconfig'],
  folder: ['prefix', 'cache', 'cachedir', 'cachefolder', 'storedir', 'globaldir', 'globalbindir', 'globalfolder', 'virtualstoredir', 'modulesdir', 'modulesfolder', 'statedir', 'tmp', 'pnpunpluggedfolder', 'virtualfolder', 'install.cache', 'install.cache.dir', 'logsdir', 'lockfiledir', 'patchesdir', 'patchfolder', 'localprefix', 'globalprefix', 'yarnofflinemirror', 'install.globaldir', 'install.globalbindir'],
  file: ['cafile', 'certfile', 'keyfile', 'globalignorefile', 'installstatepath', 'pnpdatapath', 'httpscafilepath', 'httpscertfilepath', 'httpskeyfilepath', 'lockfilefilename'],
  dotenv: ['injectenvironmentfiles'],
};

// Keys whose values hold slashes but name no file: workspace package globs, git refs, scoped names; yarn 2+'s
// globs (files `yarn version check` skips, files `--immutable` keeps, files PnP leaves to node's resolution, log
// lines it filters) and bun's test folders (`[test] root`: where `bun test` looks for the project's own tests;
// `coverageDir`, `junit`: reports it writes; `coveragePathIgnorePatterns`: globs) load nothing (red team F1).
const DATA = new Set(['packages', 'changesetbaserefs', 'onlybuiltdependencies', 'neverbuiltdependencies', 'ignoredbuiltdependencies', 'publichoistpattern', 'registry', 'authtoken', 'auth', 'password', 'username', 'email', 'alwaysauth', 'hoistpattern', 'catalog', 'catalogs',
  'changesetignorepatterns', 'immutablepatterns', 'pnpignorepatterns', 'logfilters', 'deferredversionfolder',
  'test.root', 'test.coveragedir', 'test.coveragepathignorepatterns', 'test.junit', 'test.reporter.junit']);

const normal = (key: string): string => key.toLowerCase().replace(/[-_]/g, '');

// The role of `key` (an auth key `//host/:certfile` or a scope's `@s:registry`: its part after the last `:`).
export function keyRole(key: string): KeyRole | undefined {
  const own = normal(key.startsWith('//') || key.startsWith('@') ? key.slice(key.lastIndexOf(':') + 1) : key);
  if (DATA.has(own)) return 'data';
  for (const [role, keys] of Object.entries(ROLES) as [KeyRole, readonly string[]][]) if (keys.includes(own)) return role;
  return undefined;
}

// Whether a value is spelled like a path (not a URL, a scoped package name, a version or a package protocol).
export function pathLike(value: string): boolean {
  const word = value.replace(/^(?:file|link|portal):/, '');
  if (/^(?:\.{1,2}(?:\/|$)|\/|~\/)/.test(word)) return true;
  if (/^[a-z][\w+.-]*:/i.test(word) || word.startsWith('@')) return false;
  return word.includes('/');
}
