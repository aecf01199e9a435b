// How npm names its commands (npm 11 lib/utils/cmd-list.js `deref`, red team R14b-1): a camelCase word in
// kebab case, an exact command, an alias, else any prefix that is unique among the commands and aliases,
// itself resolved through the aliases (`npm run-s deploy`, `npm run-scr deploy`, `npm pub`, `npm runScript`
// are `npm run deploy` / `npm publish`). A word npm does not resolve is kept (npm refuses it).

const words = (text: string): string[] => text.trim().split(/\s+/);

const COMMANDS = words(`access adduser approve-scripts audit bugs cache ci completion config dedupe deny-scripts deprecate diff dist-tag
  docs doctor edit exec explain explore find-dupes fund get help help-search init install install-ci-test install-scripts install-test
  link ll login logout ls org outdated owner pack ping pkg prefix profile prune publish query rebuild repo restart root run sbom search
  set shrinkwrap stage star stars start stop team test token trust undeprecate uninstall unpublish unstar update version view whoami`);

const NPM_ALIASES: Readonly<Record<string, string>> = {
  author: 'owner', home: 'docs', issues: 'bugs', info: 'view', show: 'view', find: 'search', add: 'install', unlink: 'uninstall',
  remove: 'uninstall', rm: 'uninstall', r: 'uninstall', un: 'uninstall', rb: 'rebuild', list: 'ls', ln: 'link', create: 'init',
  i: 'install', it: 'install-test', cit: 'install-ci-test', u: 'update', up: 'update', c: 'config', s: 'search', se: 'search',
  tst: 'test', t: 'test', ddp: 'dedupe', v: 'view', 'run-script': 'run', 'clean-install': 'ci', 'clean-install-test': 'install-ci-test',
  x: 'exec', why: 'explain', la: 'll', verison: 'version', ic: 'ci', innit: 'init', in: 'install', ins: 'install', inst: 'install',
  insta: 'install', instal: 'install', isnt: 'install', isnta: 'install', isntal: 'install', isntall: 'install', 'install-clean': 'ci',
  'isntall-clean': 'ci', hlep: 'help', 'dist-tags': 'dist-tag', upgrade: 'update', udpate: 'update', rum: 'run', sit: 'install-ci-test',
  urn: 'run', ogr: 'org', 'add-user': 'adduser',
};

const NAMES = [...COMMANDS, ...Object.keys(NPM_ALIASES)];

export function npmCommand(word: string): string | undefined {
  const name = /[A-Z]/.test(word) ? word.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`) : word;
  if (COMMANDS.includes(name)) return name;
  if (Object.hasOwn(NPM_ALIASES, name)) return NPM_ALIASES[name];
  const prefixed = name === '' ? [] : NAMES.filter((each) => each.startsWith(name));
  let found = prefixed.length === 1 ? prefixed[0] : undefined;
  while (found !== undefined && Object.hasOwn(NPM_ALIASES, found)) found = NPM_ALIASES[found];
  return found;
}
