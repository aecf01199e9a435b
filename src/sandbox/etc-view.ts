import { readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { within } from './paths.js';
import type { ClosedFolder, ClosedFolders } from './closed-folders.js';
import { compileNonAccessible } from '../workspace/globs.js';
import type { SecretPath } from './secret-files.js';
import { CREDENTIALS } from './toolchains.js';
import { etcShown, unlisted, USR_LOCAL_RULES, USR_RULES } from './view-allow.js';
import { closedMode, readFolder, type FolderLog } from './view-cache.js';

// What of /etc (and /usr) a sandboxed process sees (THREAT-MODEL "A default-deny sandbox view"; view.ts
// builds the rest of the view).

// In /etc, hidden besides every entry other users cannot read (the sandbox sees /etc as an unprivileged
// user does, also when codeward runs as root): secrets whatever their permissions say.
export const ETC_SECRETS: readonly string[] = [
  'shadow*', 'gshadow*', 'sudoers*', 'security/opasswd', '.pwd.lock', 'ssh/*_key', 'ssl/private', 'pki/tls/private',
  'machine-id', 'krb5.keytab', 'NetworkManager/system-connections', 'wpa_supplicant', 'ppp/*-secrets', 'ipsec.secrets', 'ipsec.d/private',
  'wireguard', 'openvpn', 'letsencrypt', 'credstore', 'credstore.encrypted', 'kubernetes', 'rancher', 'ceph/*keyring*', 'mysql/debian.cnf',
  'docker/key.json', 'netplan', 'davfs2/secrets', 'postfix/sasl_passwd*', 'exim4/passwd.client', 'cups/ssl', 'libvirt/secrets', 'shibboleth/*key*',
  // Package managers' system-wide configs, which carry registry tokens as the user's do (npm's globalconfig
  // /etc/npmrc on distribution builds, conda's and gem's): a run works without them (no network by default).
  'npmrc', 'conda/condarc', 'condarc', 'gemrc',
  ...CREDENTIALS.map((entry) => entry.glob),
];

// Files of /etc shown as a copy without their secret lines (git-identity.ts; red team R6-8): git's system
// config (an extraHeader or a token URL set with `git config --system`), and what sessions and login
// shells read variables from. The sandbox gets its environment from codeward, not from these.
export function etcCopied(etc = '/etc'): string[] {
  const files = ['gitconfig', 'environment'].map((name) => join(etc, name));
  for (const folder of ['environment.d', 'profile.d']) {
    try {
      for (const entry of readdirSync(join(etc, folder), { withFileTypes: true })) if (entry.isFile()) files.push(join(etc, folder, entry.name));
    } catch {
      // No such folder.
    }
  }
  return files;
}

// /etc by its allow-list (view-allow.ts ETC_SHOWN, red team R16-1): an empty /etc with only the entries a
// program needs bound in (a link recreated as the link); a name nobody listed does not exist inside.
export function etcArgs(args: string[]): void {
  args.push('--dir', '/etc');
  let names: string[];
  try {
    names = readdirSync('/etc');
  } catch {
    return;
  }
  for (const name of names.filter(etcShown)) {
    const path = `/etc/${name}`;
    const stats = lstatQuiet(path);
    if (stats?.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else if (stats?.isDirectory() || stats?.isFile()) args.push('--ro-bind', path, path);
  }
}

// The entries of /etc hidden inside: ETC_SECRETS, and, when codeward runs as root, every entry other
// users cannot read (a folder whole): the sandbox sees /etc as an unprivileged user does. (Not as root,
// what this user cannot read it cannot read inside either: no capabilities.) About 450 entries, kept by the
// view cache while /etc's folders are unchanged (view-cache.ts: the trade for a chmod of an entry is said there).
// Beyond /etc, for the whole root of `--sandbox off`'s jail (red team R37-a4): a jailed root process has no
// capabilities but still owns every root file, so the closed rule goes where services and other projects keep
// state: `roots` to `depth` levels (a folder closed to others hidden whole, never entered), at most `budget` entries
// in each top folder (past it, what lies deeper there stays readable: a documented trade, said by the run), never
// inside or around `areas` (the workspace and the writable folders: the person's own files). And the known copies of /etc's hidden secrets, as root or not.
// Walked one folder at a time (closed-folders.ts).
export interface Beyond {
  readonly roots: readonly string[];
  readonly depth: number;
  readonly budget: number;
  readonly areas: readonly string[];
  // Not walked besides BUILT (the homes: the jail shows each as the default-deny view does).
  readonly skip?: readonly string[];
}
// The root itself, every top-level folder and file (red team R38-a4: a list of roots missed /data, /backup,
// /lost+found, /swapfile), but what the view builds on its own (BUILT); /usr/local is /usr's part that is walked.
export const BEYOND_ROOTS: readonly string[] = ['/', '/usr/local'];
export const BEYOND_DEPTH = 4;
// Entries each top folder's walk may read (a budget per top folder: none can starve another). Past it, what lies deeper
// in that folder stays readable (hiding it whole would hide what programs need: /opt/conda, /var/lib's package
// databases), and the run says which folders were cut (sandbox.ts). Root makes the top folders, so the total is bounded
// by what root installed: about 25 x this at worst, one listing per folder (closed-folders.ts).
export const BEYOND_BUDGET = 20_000;
// Made by the view itself (fresh /proc, /dev, /tmp, /var/tmp, the view's /sys and /run), judged by the /etc and /usr
// rules, or homes the jail empties (view-whole-root.ts). /var/tmp's folders come and go (a hidden path gone by bwrap's
// start fails the run, vanished.ts): the jail shows it anew, nothing of the host's there (red team R39-a2).
const BUILT: readonly string[] = ['/proc', '/sys', '/dev', '/tmp', '/var/tmp', '/run', '/etc', '/usr', '/home', '/root'];
export const SECRET_COPIES: readonly string[] = ['/var/lib/dbus/machine-id'];

// What the run says when the closed walk cut top folders short (red team R38-a6), undefined when it cut none.
export function cutNote(cut: readonly string[]): string | undefined {
  if (cut.length === 0) return undefined;
  return `the walk for root-only files stopped at ${BEYOND_BUDGET} entries in ${cut.join(', ')}: deeper there they stay readable`;
}

interface Budget {
  entries: number;
  cut: boolean;
}
interface BeyondWalk {
  readonly beyond: Beyond;
  readonly found: SecretPath[];
  readonly folders: ClosedFolders;
  readonly cut: string[];
}

export class EtcSecrets {
  private readonly matcher = compileNonAccessible(ETC_SECRETS);

  constructor(
    private readonly etc = '/etc',
    private readonly asRoot = process.getuid?.() === 0,
    // The /usr whose unlisted entries are hidden too (undefined: none, for a test's own /etc).
    private readonly usr: string | undefined = '/usr',
    // Which top entries are looked in: those etcArgs binds; every one in the whole-root view of `--sandbox off`'s jail.
    private readonly shows: (name: string) => boolean = etcShown,
    private readonly beyond?: Beyond,
  ) {}

  // `log`: the folders read, for the cache (view-cache.ts). /etc and /usr; what lies beyond them is `beyondFound`.
  find(log?: FolderLog): SecretPath[] {
    const found: SecretPath[] = [];
    this.walk('', found, log);
    // /usr and /usr/local: install prefixes, shown by the same allow-list as a toolchain's (view-allow.ts).
    if (this.usr !== undefined) {
      found.push(...unlisted(this.usr, USR_RULES, log, []), ...unlisted(join(this.usr, 'local'), USR_LOCAL_RULES, log, []));
    }
    return found;
  }

  // Beyond /etc (the whole root's jail): the known copies of its secrets, and as root the closed walk, one folder at a
  // time through `folders` (closed-folders.ts). `cut`: the top folders whose
  // budget ran out (what lies deeper in them stays readable: said once by the run, BEYOND_BUDGET).
  beyondFound(folders: ClosedFolders, cut: string[] = []): SecretPath[] {
    const found: SecretPath[] = [];
    if (!this.beyond) return found;
    for (const path of SECRET_COPIES) if (lstatQuiet(path)?.isFile()) found.push({ path, kind: 'file' });
    if (this.asRoot) for (const root of this.beyond.roots) if (lstatQuiet(root)?.isDirectory()) this.closedBelow(root, folders.read(root), 1, undefined, { beyond: this.beyond, found, folders, cut });
    return found;
  }

  // `folder`: `dir` as read. A root's own entries are judged whole (what root made at / and /usr/local); each top folder
  // below it walked with a budget of its own (red team R38-a6: a big or user-filled /var, /nix/store or /snap no longer
  // leaves /srv or /boot unwalked). Each entry spends one, in the listing's order (a fresh walk's answer).
  private closedBelow(dir: string, folder: ClosedFolder, level: number, left: Budget | undefined, walk: BeyondWalk): void {
    const { beyond, found, folders } = walk;
    let used = 0;
    for (const [name, code, index] of folder.entries) {
      if (left) {
        // The entries before this one that hold nothing to act on (open files, links) spend the budget too.
        if (left.entries - (index - used) <= 0) {
          left.entries = 0;
          left.cut = true;
          return;
        }
        left.entries -= index - used + 1;
        used = index + 1;
      }
      const path = join(dir, name);
      if (BUILT.includes(path) || beyond.skip?.includes(path) || beyond.areas.some((area) => within(path, area))) continue;
      const around = beyond.areas.some((area) => within(area, path));
      if (!around && code !== 'd') {
        found.push({ path, kind: code === 'D' ? 'dir' : 'file' });
        continue;
      }
      if (code === 'F' || !(around || level < beyond.depth)) continue;
      // Entered: its own mode as read with its key (a folder closed since its parent was read is hidden whole).
      const child = folders.read(path);
      if (!around && child.closed) found.push({ path, kind: 'dir' });
      else {
        const own = left ?? { entries: beyond.budget, cut: false };
        this.closedBelow(path, child, level + 1, own, walk);
        if (!left && own.cut) walk.cut.push(path);
      }
    }
    if (!left) return;
    left.entries -= folder.count - used;
    // Entries past the budget at the end of a folder: not judged either.
    if (left.entries < 0) left.cut = true;
  }

  private walk(rel: string, found: SecretPath[], log: FolderLog | undefined): void {
    for (const item of readFolder(rel === '' ? this.etc : join(this.etc, rel), log)) {
      // Only what etcArgs binds (the rest of /etc does not exist inside), unless the view shows it whole.
      if (item.isSymbolicLink() || (rel === '' && !this.shows(item.name))) continue;
      const child = rel === '' ? item.name : `${rel}/${item.name}`;
      const path = join(this.etc, child);
      const dir = item.isDirectory();
      if (this.matcher.entry(child) || (this.asRoot && this.closed(path, dir))) found.push({ path, kind: dir ? 'dir' : 'file' });
      else if (dir) this.walk(child, found, log);
    }
  }

  private closed(path: string, dir: boolean): boolean {
    const mode = lstatQuiet(path)?.mode;
    return mode !== undefined && closedMode(mode, dir);
  }
}

