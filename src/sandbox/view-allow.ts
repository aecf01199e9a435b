import { join } from 'node:path';
import { compileNonAccessible } from '../workspace/globs.js';
import picomatch from '../workspace/picomatch.js';
import type { Dirent } from 'node:fs';
import type { SecretPath } from './secret-files.js';
import { PREFIX_JDK_SHOWN, PREFIX_SHOWN, TOOLCHAINS, type Toolchain } from './toolchains.js';
import { readFolder, type FolderLog } from './view-cache.js';

// Red team R16-1 (THREAT-MODEL invariant 6, "not everything minus a list"): inside a shown toolchain folder and
// inside /usr, what is shown is an allow-list, not the folder minus a credential catalogue. A name nobody listed
// (conda-meta/state, an environment's etc/conda/activate.d, ~/.rbenv/vars, maven's conf/settings.xml, gradle's
// init.d, /usr/etc/npmrc, /usr/pip.conf) is hidden by default. The catalogue (toolchains.ts CREDENTIALS,
// PREFIX_CREDENTIALS, `hide`) stays as a second line inside what is shown.

// What of an install prefix (a folder holding `bin`) a program run needs: its programs, libraries, headers and
// data; a JDK's conf (PREFIX_JDK_SHOWN, with the `release` file every JDK ships); a virtualenv's pyvenv.cfg
// (python finds its home by it), maven's boot class path. Never its etc/, conf/ (outside a JDK), init.d/,
// conda-meta/ or top-level files.
export const PREFIX_PARTS: readonly string[] = ['bin', 'sbin', 'man', 'boot', 'pyvenv.cfg', 'legal', ...PREFIX_SHOWN];

// How deep install prefixes are looked for (`.pyenv/versions/3.12/envs/tool`: 4, conda's `envs/x` in a
// version: 5), and how far below a folder the walk looks for one before it hides that folder whole.
const WALK_DEPTH = 6;
const LOOKAHEAD = 3;
// Folders read by one look-ahead at most: a bigger tree is not a container of installs (hidden: fails closed).
const LOOKAHEAD_BUDGET = 200;

const isPrefix = (entries: readonly Dirent[]): boolean => entries.some((entry) => entry.name === 'bin' && (entry.isDirectory() || entry.isSymbolicLink()));

export interface AllowRules {
  // Relative paths (picomatch globs) shown whole besides a prefix's parts: a manager's shims, its
  // default-version file, the files its launcher reads.
  readonly shows: readonly string[];
}

// The toolchain row a shown path belongs to (policy.ts makes one ShownPath per row path and home).
export function rowOf(path: string): Toolchain | undefined {
  return TOOLCHAINS.find((row) => row.paths.some((rel) => (rel.startsWith('/') ? path === rel : path.endsWith(`/${rel}`))));
}

// What of `root` is not on the allow-list, hidden (each entry whole: a folder is one mount). `bins`: the
// shown prefixes' `bin` folders (their scripts get the secret-looking check, secret-scripts.ts).
export function unlisted(root: string, rules: AllowRules, log: FolderLog | undefined, bins: string[]): SecretPath[] {
  // picomatch's answers (dot: true), by string tests and expressions of their own for these globs (workspace/globs.ts).
  const shows = compileNonAccessible(rules.shows).entry;
  const found: SecretPath[] = [];
  walk(root, '', 0, shows, log, found, bins);
  return found;
}

function walk(dir: string, rel: string, depth: number, shows: (path: string) => boolean, log: FolderLog | undefined, found: SecretPath[], bins: string[]): void {
  const entries = readFolder(dir, log);
  const prefix = isPrefix(entries);
  const jdk = prefix && entries.some((entry) => entry.name === 'release' && entry.isFile());
  for (const entry of entries) {
    // A link is judged where it points (its target is walked there, or lies outside the view).
    if (entry.isSymbolicLink()) continue;
    const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
    const path = join(dir, entry.name);
    if (shows(child)) continue;
    if (prefix && (PREFIX_PARTS.includes(entry.name) || (jdk && PREFIX_JDK_SHOWN.includes(entry.name)))) {
      if (entry.name === 'bin' && entry.isDirectory()) bins.push(path);
      continue;
    }
    // A folder holding installs (`versions`, `envs`, `installs/node`, `candidates/java`): entered.
    if (entry.isDirectory() && depth < WALK_DEPTH && !entry.name.startsWith('.') && holdsPrefix(path, LOOKAHEAD, log, { left: LOOKAHEAD_BUDGET })) {
      walk(path, child, depth + 1, shows, log, found, bins);
      continue;
    }
    if (entry.isDirectory() || entry.isFile()) found.push({ path, kind: entry.isDirectory() ? 'dir' : 'file' });
  }
}

function holdsPrefix(dir: string, levels: number, log: FolderLog | undefined, budget: { left: number }): boolean {
  if (budget.left-- <= 0) return false;
  const entries = readFolder(dir, log);
  if (isPrefix(entries)) return true;
  if (levels === 0) return false;
  return entries.some((entry) => entry.isDirectory() && !entry.name.startsWith('.') && holdsPrefix(join(dir, entry.name), levels - 1, log, budget));
}

// Of /usr, the same rule: /usr and /usr/local are install prefixes (their etc/ and pip.conf are the system
// npm's and pip's global configs: hidden), a prefix below /usr/local (/usr/local/cuda) likewise.
// A vendor's tree installed below /usr/local (/usr/local/cuda-13.0: its targets/ and nvvm/ are what nvcc
// links against) is shown but for its etc/ and pip site config: no person configures it by hand.
export const USR_RULES: AllowRules = { shows: ['local', 'games'] };
export const USR_LOCAL_RULES: AllowRules = { shows: ['games', '*/!(etc|pip.conf|pip.ini)'] };

// Of /etc, the entries a program needs (measured: git, node, npm, python3, make, gcc, go, cargo run with only
// these): the dynamic linker's, certificates and TLS settings, users and groups, name resolution, time zone,
// alternatives, file types, the system's name, terminals and locales, and the runtimes' own folders (python's
// sitecustomize, a JDK's conf links into /etc/java-*). Everything else is absent: /etc/maven, wgetrc, boto.cfg,
// fstab, npmrc, pip.conf, the shells' start-up files (the sandbox's environment comes from codeward)... Inside
// a shown entry, ETC_SECRETS (view.ts) and, as root, what others cannot read are hidden too.
export const ETC_SHOWN: readonly string[] = [
  'ld.so.cache', 'ld.so.conf', 'ld.so.conf.d', 'ld.so.preload', 'ssl', 'ca-certificates', 'ca-certificates.conf', 'pki', 'crypto-policies', 'gnutls',
  'passwd', 'group', 'nsswitch.conf', 'hosts', 'host.conf', 'resolv.conf', 'gai.conf', 'hostname', 'services', 'protocols', 'networks', 'ethertypes', 'rpc',
  'localtime', 'timezone', 'alternatives', 'mime.types', 'magic', 'magic.mime', 'os-release', 'lsb-release', 'debian_version', '*-release', 'issue',
  'shells', 'terminfo', 'inputrc', 'locale.alias', 'locale.conf', 'locale.gen', 'manpath.config', 'mtab', 'fonts',
  'python3', 'python3.*', 'perl', 'java-*', 'jvm', 'gdb', 'gprofng.rc', 'xml', 'sgml', 'vim',
];

// A name matched by one of `globs`: the plain names (no character picomatch gives a meaning) by a set, the
// globs with one `*` and otherwise plain (`*-release`, `java-*`) by an expression, only the rest by picomatch.
// /etc's ~135 names each tried ~50 expressions, every one compiled on its first test: ~4 ms of every sandboxed
// run, and loading picomatch for /etc's three star globs ~6 ms more (issue 31). A plain glob matches itself
// only; one star (dot: true) any run of characters but `/`, in a name that is not '', '.' or '..': picomatch's
// answers, also for a glob with more stars or a leading dot, which it keeps (`.*` matches '..' there).
export function namesMatching(globs: readonly string[]): (name: string) => boolean {
  const plain = new Set(globs.filter((glob) => /^[\w.-]+$/.test(glob) && glob !== '.' && glob !== '..'));
  const starred = globs.filter((glob) => /^[\w.-]*\*[\w.-]*$/.test(glob) && !glob.startsWith('.'));
  const stars = starred.length > 0 ? new RegExp(`^(?:${starred.map((glob) => glob.split('*').map((part) => part.replace(/\./g, '\\.')).join('[^/]*')).join('|')})$`) : undefined;
  const rest = globs.filter((glob) => !plain.has(glob) && !starred.includes(glob));
  const matches = rest.length > 0 ? picomatch(rest, { dot: true }) : () => false;
  return (name) => plain.has(name) || (stars !== undefined && name !== '' && name !== '.' && name !== '..' && stars.test(name)) || matches(name);
}

const etcMatcher = namesMatching(ETC_SHOWN);

export function etcShown(name: string): boolean {
  return etcMatcher(name);
}

// A key of these rules, for the view cache (a walk made under other rules is not reused).
export const VIEW_RULES = JSON.stringify([PREFIX_PARTS, ETC_SHOWN, USR_RULES, USR_LOCAL_RULES, TOOLCHAINS.map((row) => [row.shows, row.whole])]);
