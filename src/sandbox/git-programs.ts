import { parseGitConfigFile, type ConfigEntry } from '../git/config-file.js';

// What in a nested repository's git config makes a plain git command outside the sandbox run a
// program (nested-git.ts moves such a config aside).

// Sections whose entries make git run a program, read more config or write files (trace2).
const PROGRAM_SECTIONS = new Set(['include', 'includeif', 'filter', 'credential', 'pager', 'trace2', 'difftool', 'mergetool', 'browser', 'man', 'guitool', 'sendemail', 'hook', 'gpg', 'protocol', 'lfs', 'instaweb']);
// Keys (any section) whose value is a program or a hook folder.
const PROGRAM_KEYS = new Set(['fsmonitor', 'hookspath', 'sshcommand', 'pager', 'editor', 'askpass', 'textconv', 'command', 'external', 'helper', 'process', 'clean', 'smudge', 'program', 'cmd', 'gitproxy', 'uploadpack', 'receivepack', 'driver', 'alternaterefscommand', 'packobjectshook', 'vcs', 'proxycommand', 'difffilter', 'tunnel']);
const FALSE = new Set(['false', 'no', 'off', '0', '']);
// Whether an entry makes git run something.
function programEntry(entry: ConfigEntry): boolean {
  if (PROGRAM_SECTIONS.has(entry.section)) return true;
  // A diff or merge driver (`[diff "x"] command`, `[merge "x"] driver`) and `diff.external`.
  if ((entry.section === 'diff' || entry.section === 'merge') && entry.subsection !== undefined) return true;
  if (entry.key === 'fsmonitor') return entry.value !== undefined && !FALSE.has(entry.value.trim().toLowerCase());
  if (PROGRAM_KEYS.has(entry.key)) return true;
  // `submodule.x.update = !cmd`, an alias-style shell command anywhere; a remote run as a command.
  const value = entry.value?.trimStart().toLowerCase() ?? '';
  return value.startsWith('!') || value.startsWith('ext::') || value.startsWith('fd::');
}

// What in a git config file git would obey to run a program; a file git refuses to read counts too.
export function configRunsProgram(text: string): string | undefined {
  const parsed = parseGitConfigFile(text);
  const found = parsed.entries.find(programEntry);
  if (found) return `${found.section}${found.subsection !== undefined ? `.${found.subsection}` : ''}.${found.key}`;
  return parsed.error;
}
