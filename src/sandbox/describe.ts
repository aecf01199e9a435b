import { GIT_PROTECTED_SUMMARY, HOME_READABLE, HOME_SECRETS, OTHER_TOOLS_IN_WORKSPACE, PROTECTED_FILES_IN_WORKSPACE, PROTECTED_IN_WORKSPACE } from './lists.js';
import type { SandboxMode } from './policy.js';

// What the OS sandbox lets a process write, keeps read-only and hides, one group of paths each, for
// `codeward doctor` (one line per group: a secret such as ~/.ssh reads as hidden, not as read-only).
export interface PathGroup {
  // What happens to these paths inside the sandbox, and why.
  readonly title: string;
  readonly paths: readonly string[];
}

export function sandboxGroups(mode: Exclude<SandboxMode, 'off'>, writable: readonly string[]): PathGroup[] {
  const home = (paths: readonly string[]): string[] => paths.map((path) => `~/${path}`);
  return [
    { title: 'writable', paths: mode === 'workspace-write' ? ['the workspace', '$TMPDIR (a private, throw-away folder; the real /tmp is not writable)', ...writable] : [] },
    { title: 'read-only (settings, policies, instructions)', paths: [...PROTECTED_IN_WORKSPACE, ...PROTECTED_FILES_IN_WORKSPACE] },
    { title: 'read-only (what other tools run)', paths: OTHER_TOOLS_IN_WORKSPACE },
    { title: 'read-only (git control files)', paths: GIT_PROTECTED_SUMMARY },
    { title: 'home folder hidden, but for (read-only)', paths: home(HOME_READABLE) },
    { title: 'hidden (secrets, even where the home folder is shown)', paths: home(HOME_SECRETS) },
    { title: 'hidden (in the workspace)', paths: ['files and folders matching the hidden-files globs'] },
  ];
}
