// A git transport that runs a program named by something the command does not show (gitext23; the line's own
// ext:: URLs are parse-launch-git-ext.ts'): `git fetch o` where .git/config (an included file, the enclosing
// repository's, the user's) says `remote.o.url = ext::sh -c ...` runs that command when the ext protocol is
// allowed (protocol.ext.allow, protocol.allow, GIT_ALLOW_PROTOCOL: any setting that may allow it counts); a
// `<helper>::<address>` or `<helper>://` URL or `remote.o.vcs` runs git-remote-<helper>, a workspace program when
// a workspace folder on PATH holds one; a local remote runs remote.o.uploadpack/receivepack through the shell; an
// ssh or git:// remote runs the repository's core.sshCommand / core.gitProxy. URLs are rewritten by
// url.<base>.insteadOf/pushInsteadOf first, and submodule URLs (.gitmodules, submodule.*.url) count for what
// fetches them. Each such program needs a person (the question names it); what cannot be read asks too.
import { homedir } from 'node:os';
import { delimiter, join, resolve, sep } from 'node:path';
import { isExecutable } from '../sandbox/which.js';
import { gitFolders } from '../permissions/git-folders.js';
import type { ShellPlace } from '../permissions/immune-place.js';
import type { ShellParse, SimpleCommand } from './parse-types.js';
import { gitmodules, transportConfig, type Env, type SourcedEntry } from './git-transport-config.js';
import { gitTargets, type Targets } from './git-transport-targets.js';
import { extWords } from './parse-launch-git-ext.js';
import { urlVeto, type UrlContext } from './git-transport-url.js';
import { plainSsh } from './git-transport-ssh.js';
import { knownFolder } from './git-transport-folders.js';

// Variables a line may set that decide which protocols git allows, where it finds helpers or which config it reads.
const DECIDING = /\b(?:GIT_ALLOW_PROTOCOL|GIT_PROTOCOL_FROM_USER|GIT_CONFIG\w*|HOME|XDG_CONFIG_HOME|GIT_DIR|GIT_COMMON_DIR|GIT_EXEC_PATH|PATH)=/;

const settingEntry = ({ key, value }: { key: string; value: string }): SourcedEntry | undefined => {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first <= 0 || last === key.length - 1) return undefined;
  return { section: key.slice(0, first), subsection: first === last ? undefined : key.slice(first + 1, last), key: key.slice(last + 1), value, own: false };
};

interface Repository {
  readonly url: string;
  readonly remote?: string;
  readonly submodule?: boolean;
}

// The repositories (URL + remote name) a command's targets name.
function repositories(targets: Targets, entries: readonly SourcedEntry[], modules: readonly SourcedEntry[]): Repository[] {
  const remotes = new Set(entries.filter((e) => e.section === 'remote' && e.subsection !== undefined).map((e) => e.subsection!));
  const groups = (name: string): string[] => entries.filter((e) => e.section === 'remotes' && e.subsection === name).flatMap((e) => (e.value ?? '').split(/\s+/)).filter((n) => remotes.has(n));
  const named = new Set<string>(targets.all ? remotes : []);
  const out: Repository[] = [];
  for (const operand of targets.operands) {
    if (remotes.has(operand)) named.add(operand);
    else if (groups(operand).length > 0) groups(operand).forEach((n) => named.add(n));
    else if (!targets.namesOnly) out.push({ url: operand });
  }
  for (const remote of named) {
    for (const e of entries) if (e.section === 'remote' && e.subsection === remote && (e.key === 'url' || e.key === 'pushurl') && e.value) out.push({ url: e.value, remote });
    // A remote with no URL is its name taken as one (a path or an address).
    if (!entries.some((e) => e.section === 'remote' && e.subsection === remote && e.key === 'url')) out.push({ url: remote, remote });
  }
  if (targets.submodules) for (const e of [...entries, ...modules]) if (e.section === 'submodule' && e.key === 'url' && e.value) out.push({ url: e.value, submodule: true });
  return out;
}

// Every way `url` reads after url.<base>.insteadOf (and pushInsteadOf for a push): git takes the longest prefix.
function rewritten(url: string, entries: readonly SourcedEntry[], push: boolean): string[] {
  const out = [url];
  for (const key of push ? ['pushinsteadof', 'insteadof'] : ['insteadof']) {
    let best: { base: string; length: number } | undefined;
    for (const e of entries) {
      if (e.section !== 'url' || e.key !== key || e.subsection === undefined || !e.value || !url.startsWith(e.value)) continue;
      if (best === undefined || e.value.length > best.length) best = { base: e.subsection, length: e.value.length };
    }
    if (best) out.push(best.base + url.slice(best.length));
  }
  return out;
}

// Whether an ext:: URL may run: any setting that may allow the protocol counts (git takes the last one of each).
function extAllowed(entries: readonly SourcedEntry[], env: Env, submodule: boolean): boolean {
  const listed = env['GIT_ALLOW_PROTOCOL'];
  if (listed !== undefined) return listed.split(':').includes('ext');
  const fromUser = !submodule && (env['GIT_PROTOCOL_FROM_USER'] === undefined || env['GIT_PROTOCOL_FROM_USER'] === '1');
  const allows = (e: SourcedEntry): boolean => {
    const value = (e.value ?? '').trim().toLowerCase();
    return value !== 'never' && (value !== 'user' || fromUser);
  };
  const specific = entries.filter((e) => e.section === 'protocol' && e.subsection?.toLowerCase() === 'ext' && e.key === 'allow');
  if (specific.length > 0) return specific.some(allows);
  return entries.some((e) => e.section === 'protocol' && e.subsection === undefined && e.key === 'allow' && allows(e));
}

// A workspace folder on PATH (or GIT_EXEC_PATH) holding git-remote-<name>, or undefined.
function workspaceHelper(name: string, env: Env, place: ShellPlace): string | undefined {
  const top = resolve(place.root);
  const folders = [...(env['GIT_EXEC_PATH'] ? [env['GIT_EXEC_PATH']] : []), ...(env['PATH'] ?? '').split(delimiter)];
  for (const entry of folders) {
    const folder = resolve(place.runDir, entry === '' ? '.' : entry);
    const program = join(folder, `git-remote-${name}`);
    if (isExecutable(program)) return folder === top || folder.startsWith(`${top}${sep}`) || !entry.startsWith('/') ? program : undefined;
  }
  return undefined;
}

// A command text naming a workspace path (relative, or absolute inside the workspace) or a variable.
function namesWorkspace(text: string, place: ShellPlace): boolean {
  const top = resolve(place.root);
  return /[$`]/.test(text) || text.split(/[\s'"=!;|&<>()]+/).some((word) => /^\.{1,2}\/|^[\w.-]+\//.test(word) || (word.startsWith('/') && (word === top || word.startsWith(`${top}${sep}`))));
}

interface Judge {
  readonly targets: Targets;
  readonly settings: readonly SourcedEntry[];
  readonly words: string;
  readonly lineEnv: string | undefined;
  readonly env: Env;
  readonly place: ShellPlace;
}

// Why the repositories `targets` name under the configuration `entries` run a program, or undefined. `inSubmodule`:
// the configuration is a submodule's (git refuses the `user` protocols there).
// `folders`: where git starts its ssh (the repository's top; the command's folder for a clone or outside a
// repository: a relative `ssh -F ./cfg` is read from there); none for a submodule's (its config files then count
// as unknown).
function configVeto(judge: Judge, targets: Targets, entries: readonly SourcedEntry[], modules: readonly SourcedEntry[], inSubmodule: boolean, folders: readonly string[] = []): string | undefined {
  const { lineEnv, env, place } = judge;
  const ctx: UrlContext = {
    entries,
    push: targets.push,
    ext: (submodule) => lineEnv !== undefined || extAllowed(entries, env, submodule || inSubmodule),
    helper: (name) => (lineEnv !== undefined ? `the line sets ${lineEnv.slice(0, -1)}` : workspaceHelper(name, env, place)),
    extWords,
    namesWorkspace: (text) => namesWorkspace(text, place),
    plainSsh: (text) => plainSsh(text, folders, place, (words) => namesWorkspace(words, place)),
  };
  if (targets.unseenSubmodules && ctx.ext(true)) return `\`${judge.words}\` clones submodules whose URLs are not known before the run, and the ext protocol (which runs the command a URL names) may be allowed`;
  for (const { url, remote, submodule } of repositories(targets, entries, modules)) {
    for (const each of rewritten(url, entries, targets.push)) {
      const veto = urlVeto(each, remote, submodule === true, ctx);
      if (veto) return `\`${judge.words}\` ${veto}${each === url ? '' : ` (\`${url}\` rewritten by url.*.insteadOf)`}${inSubmodule ? ' (in a submodule)' : ''}`;
    }
  }
  return undefined;
}

const MAX_SUBMODULES = 64;

// The remotes of the submodules' own repositories (`$GIT_DIR/modules/<name>`), which a fetch or update enters.
function submodulesVeto(judge: Judge, gitDir: string, names: ReadonlySet<string>, home: string): string | undefined {
  if (names.size > MAX_SUBMODULES) return `the repository has more than ${MAX_SUBMODULES} submodules to check, whose remotes \`${judge.words}\` may run as its transport`;
  const targets: Targets = { ...judge.targets, operands: [], all: true, push: false, submodules: false, unseenSubmodules: false, namesOnly: true };
  for (const name of names) {
    const config = transportConfig(judge.place.runDir, judge.place.root, home, judge.env, join(gitDir, 'modules', name));
    if (typeof config === 'string') return `${config}, so the programs \`${judge.words}\` may run as a submodule's transport are unknown`;
    const veto = configVeto(judge, targets, [...config.entries, ...judge.settings], [], true);
    if (veto) return veto;
  }
  return undefined;
}

// Why this git command runs a program its line does not show, or undefined. `moved`: the line runs inside another
// that changed folder first (its repository is unknown).
export function gitTransportVeto(command: SimpleCommand, args: readonly string[], parse: ShellParse, place: ShellPlace, moved = false, env: Env = process.env): string | undefined {
  const targets = gitTargets(args);
  if (targets === undefined) return undefined;
  const words = `git ${args.join(' ')}`;
  if (moved) return `\`${words}\` runs after a folder change codeward does not follow into this line, in a repository whose configuration may name a program it runs as its transport`;
  const home = env['HOME'] ?? homedir();
  const { list, unknown } = gitFolders(command, parse, place.runDir, (word, base) => knownFolder(word, base, parse, home));
  if (unknown !== undefined) return `the line changes to a folder codeward cannot follow (${unknown}), whose repository's configuration may name a program \`${words}\` runs as its transport`;
  if (targets.unknownConfig) return `git's configuration on the line is only known at run time, and it may name a program \`${words}\` runs as its transport`;
  const settings = targets.settings.map(settingEntry).filter((e): e is SourcedEntry => e !== undefined);
  const judge: Judge = { targets, settings, words, lineEnv: DECIDING.exec(parse.source)?.[0], env, place };
  for (const folder of targets.gitDir !== undefined ? [place.runDir] : list) {
    const config = transportConfig(folder, place.root, home, env, targets.gitDir === undefined ? undefined : resolve(place.runDir, targets.gitDir));
    if (typeof config === 'string') return `${config}, so the programs \`${words}\` may run as its transport are unknown`;
    const entries = [...config.entries, ...settings];
    const modules = targets.submodules && config.workTree !== undefined ? gitmodules(config.workTree) : [];
    if (typeof modules === 'string') return `${modules}, so the submodule URLs \`${words}\` may fetch are unknown`;
    const veto = configVeto(judge, targets, entries, modules, false, [targets.atTop === true && config.workTree !== undefined ? config.workTree : folder]);
    if (veto) return veto;
    const names = new Set([...entries, ...modules].filter((e) => e.section === 'submodule' && e.subsection !== undefined).map((e) => e.subsection!));
    const inner = targets.submodules && config.gitDir !== undefined ? submodulesVeto(judge, config.gitDir, names, home) : undefined;
    if (inner) return inner;
  }
  return undefined;
}
