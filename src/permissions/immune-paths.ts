// Safety-immune path classes (seed 004, chatcli §6.4): paths that always need a person's approval,
// matched on resolved workspace paths, redirection targets and shell arguments.
import { OTHER_TOOLS_IN_WORKSPACE, PROTECTED_FILES_IN_WORKSPACE } from '../sandbox/lists.js';

export interface PathClass {
  readonly name: string;
  readonly description: string;
  // 'any': reading is as sensitive as writing (credentials); 'write': only writes and deletes.
  readonly access: 'any' | 'write';
  test(path: string): boolean;
}

// `.ssh` as a path segment (after start, `/`, `=`, `:` or `~`).
const segment = (name: string, rest = ''): RegExp => new RegExp(`(?:^|[/=:~])${name.replace(/\./g, '\\.')}${rest}(?:/|$)`, 'i');

const SYSTEM = /^(?:\/+|(?:\.\.\/)+)(?:etc|boot|sys|proc)(?:\/|$)/;
const DEVICE = /^\/+dev\/(?!null$|zero$|stdout$|stderr$|stdin$|tty$|fd\/|full$|random$|urandom$|tcp\/|udp\/)/;

const OBEYED_LATER: readonly RegExp[] = [...OTHER_TOOLS_IN_WORKSPACE, ...PROTECTED_FILES_IN_WORKSPACE].map((name) => segment(name));

export const PATH_CLASSES: readonly PathClass[] = [
  { name: 'ssh-keys', description: '.ssh/ (SSH keys)', access: 'any', test: (p) => segment('.ssh').test(p) },
  { name: 'gnupg', description: '.gnupg/ (GPG keys)', access: 'any', test: (p) => segment('.gnupg').test(p) },
  { name: 'aws-credentials', description: '.aws/credentials', access: 'any', test: (p) => segment('.aws', '/credentials').test(p) },
  { name: 'kube-config', description: '.kube/config', access: 'any', test: (p) => segment('.kube', '/config').test(p) },
  { name: 'system-path', description: 'writing to /etc/, /boot/, /sys/, /proc/ or a device', access: 'write', test: (p) => SYSTEM.test(p) || DEVICE.test(p) },
  {
    name: 'codeward-policy',
    description: 'the permission policy and agent configuration (.codeward/, .chatcli/, coder_policy.json)',
    access: 'write',
    test: (p) => segment('.codeward').test(p) || segment('.chatcli').test(p) || /(?:^|\/)coder_policy\.json$/i.test(p),
  },
  { name: 'git-internals', description: '.git/ (hooks and config run code)', access: 'write', test: (p) => segment('.git').test(p) },
  {
    // The files the sandbox keeps read-only because another tool runs or obeys them later, outside any
    // sandbox (editor tasks, other agents' hooks and instructions, commit-hook runners, direnv, MCP server
    // lists): writing one is a person's decision in every door and mode, as writing a git hook is.
    name: 'obeyed-later',
    description: `files other tools run or obey later (${[...OTHER_TOOLS_IN_WORKSPACE.map((name) => `${name}/`), ...PROTECTED_FILES_IN_WORKSPACE].join(', ')})`,
    access: 'write',
    test: (p) => OBEYED_LATER.some((pattern) => pattern.test(p)),
  },
];

// The first class a path falls in, for the given kind of access.
export function immunePath(path: string, write: boolean, skip: readonly string[] = []): PathClass | undefined {
  const candidates = path.includes('=') ? [path, path.slice(path.indexOf('=') + 1)] : [path];
  // A value attached to a short option, alone or at the end of a cluster: `-o.git/hooks/x`, `-no.git/x`,
  // `-C.git`, `-t.git/hooks` (every suffix, since which letter takes the value depends on the program).
  if (/^-[^-]/.test(path)) for (let i = 2; i < path.length; i++) candidates.push(path.slice(i));
  for (const cls of PATH_CLASSES) {
    if (skip.includes(cls.name) || (cls.access === 'write' && !write)) continue;
    if (candidates.some((candidate) => cls.test(candidate))) return cls;
  }
  return undefined;
}
