// Safety-immune path classes (seed 004, chatcli §6.4): paths that always need a person's approval,
// matched on resolved workspace paths, redirection targets and shell arguments.
import { isObeyedLater, type ObeyedContext } from './obeyed.js';
import { homeStartup } from './immune-home-path.js';

export interface PathClass {
  readonly name: string;
  readonly description: string;
  // 'any': reading is as sensitive as writing (credentials); 'write': only writes and deletes.
  readonly access: 'any' | 'write';
  // `ctx`: what the workspace's git configuration names (obeyed.ts); without it, the catalogue alone.
  test(path: string, ctx?: ObeyedContext): boolean;
  // What this path adds to the description (the git setting or home file that makes it obeyed).
  detail?(path: string, ctx?: ObeyedContext): string | undefined;
}

// `.ssh` as a path segment (after start, `/`, `=`, `:` or `~`).
const segment = (name: string, rest = ''): RegExp => new RegExp(`(?:^|[/=:~])${name.replace(/\./g, '\\.')}${rest}(?:/|$)`, 'i');

const SYSTEM = /^(?:\/+|(?:\.\.\/)+)(?:etc|boot|sys|proc)(?:\/|$)/;
const DEVICE = /^\/+dev\/(?!null$|zero$|stdout$|stderr$|stdin$|tty$|fd\/|full$|random$|urandom$|tcp\/|udp\/)/;

export const PATH_CLASSES: readonly PathClass[] = [
  { name: 'ssh-keys', description: '.ssh/ (SSH keys)', access: 'any', test: (p) => segment('.ssh').test(p) },
  { name: 'gnupg', description: '.gnupg/ (GPG keys)', access: 'any', test: (p) => segment('.gnupg').test(p) },
  { name: 'aws-credentials', description: '.aws/credentials', access: 'any', test: (p) => segment('.aws', '/credentials').test(p) },
  { name: 'kube-config', description: '.kube/config', access: 'any', test: (p) => segment('.kube', '/config').test(p) },
  // git's plain-text password store by its default names and the CI spelling (R11-7); one a config names
  // elsewhere is refused by the read jail (git/credential-stores.ts).
  { name: 'git-credentials', description: 'git credential store (.git-credentials)', access: 'any', test: (p) => /(?:^|[/=:~])(?:\.git-credentials|\.git\/credentials|\.config\/git\/credentials)$/i.test(p) },
  { name: 'system-path', description: 'writing to /etc/, /boot/, /sys/, /proc/ or a device', access: 'write', test: (p) => SYSTEM.test(p) || DEVICE.test(p) },
  {
    name: 'codeward-policy',
    description: 'the permission policy and agent configuration (.codeward/, .chatcli/, coder_policy.json)',
    access: 'write',
    test: (p) => segment('.codeward').test(p) || segment('.chatcli').test(p) || /(?:^|\/)coder_policy\.json$/i.test(p),
  },
  { name: 'git-internals', description: '.git/ (hooks and config run code)', access: 'write', test: (p) => segment('.git').test(p) },
  {
    // A start-up or settings file of the person's home folder, spelled by a shell line (`>> ~/.bashrc`, `cp x
    // $HOME/.profile`, `ln -s … ~/.config/git/hooks`): with the sandbox off nothing else stands between the
    // line and the next shell (R12-14b); in the sandbox the home is not writable anyway.
    name: 'home-startup',
    description: 'a start-up or settings file of your home folder, which a program runs or obeys outside any sandbox',
    access: 'write',
    test: (p, ctx) => homeStartup(p, undefined, ctx?.at) !== undefined,
    detail: (p, ctx) => {
      const found = homeStartup(p, undefined, ctx?.at);
      return found ? `~/${found.entry}, run or obeyed by ${found.by}` : undefined;
    },
  },
  {
    // The write gate's predicate (obeyed.ts): what another program runs or obeys later, outside any
    // sandbox, at any depth (editor and CI tasks, other agents' instructions and settings, commit-hook
    // runners, direnv, toolchain selectors, package-manager configs, MCP server lists, and whatever the
    // git configuration names: the core.hooksPath folder, an fsmonitor script). Writing one is a person's
    // decision in every door and mode, as writing a git hook is. `.git` itself is the class above.
    name: 'obeyed-later',
    description: 'a file another program runs or obeys later (agent instructions and settings, editor and CI tasks, commit-hook runners, toolchain and package-manager configs, git hooks wherever the git configuration points; see src/permissions/README.md)',
    access: 'write',
    test: (p, ctx) => {
      const found = isObeyedLater(p, ctx);
      return found !== undefined && found.pattern !== '.git';
    },
    detail: (p, ctx) => isObeyedLater(p, ctx)?.why,
  },
];

// The first class a path falls in, for the given kind of access.
export function immunePath(path: string, write: boolean, skip: readonly string[] = [], ctx?: ObeyedContext): PathClass | undefined {
  const candidates = path.includes('=') ? [path, path.slice(path.indexOf('=') + 1)] : [path];
  // A value attached to a short option, alone or at the end of a cluster: `-o.git/hooks/x`, `-no.git/x`,
  // `-C.git`, `-t.git/hooks` (every suffix, since which letter takes the value depends on the program).
  if (/^-[^-]/.test(path)) for (let i = 2; i < path.length; i++) candidates.push(path.slice(i));
  for (const cls of PATH_CLASSES) {
    if (skip.includes(cls.name) || (cls.access === 'write' && !write)) continue;
    const hit = candidates.find((candidate) => cls.test(candidate, ctx));
    const detail = hit === undefined ? undefined : cls.detail?.(hit, ctx);
    if (hit !== undefined) return detail ? { ...cls, description: `${cls.description}: ${detail}` } : cls;
  }
  return undefined;
}
