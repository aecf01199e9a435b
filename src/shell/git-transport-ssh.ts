// Whether a core.sshCommand is the system's ssh with plain options (gitext23 friction: `ssh -F ./ssh_config`
// asked on every fetch). Plain: ssh (plink, tortoiseplink) and words without shell syntax, no `-o` setting that
// runs a program, loads a library or reads another file, no other word naming a workspace path, and every config
// file it names (`-F FILE`) read whole and setting none of those keywords (ssh-config.ts), from each folder git may
// start it in (the command's folder, the repository's top; none known: not plain). A file that cannot be read, or is too large, is not plain.
import type { ShellPlace } from '../permissions/immune-place.js';
import { sshConfigRuns } from '../permissions/ssh-config.js';
import { sshConfigFiles } from './parse-launch-generic.js';

const PROGRAM = /^(?:ssh|plink|tortoiseplink)$/;
// A word as it stands (no quote, expansion, glob or shell operator).
const WORD = /^[\w@%+=:,./~-]+$/;
// Settings that run a local program, load a library or read another file (any word naming one).
const RUNS = /proxycommand|localcommand|knownhostscommand|remotecommand|match|include|xauthlocation|pkcs11provider|securitykeyprovider/i;

export function plainSsh(text: string, folders: readonly string[], place: ShellPlace, namesWorkspace: (text: string) => boolean): boolean {
  const words = text.trim().split(/\s+/);
  if (!PROGRAM.test(words[0] ?? '') || !words.slice(1).every((word) => WORD.test(word) && !RUNS.test(word))) return false;
  const files = sshConfigFiles(words.map((value) => ({ value, dynamic: false })));
  // The words left when each config file's own word (`-F FILE`, `-FFILE`) is taken out.
  const others = words.filter((word, i) => !(files.includes(word) && words[i - 1] === '-F') && !(word.startsWith('-F') && files.includes(word.slice(2))));
  if (others.some((word) => /^\.{0,2}\//.test(word)) || namesWorkspace(others.join(' '))) return false;
  if (files.length > 0 && folders.length === 0) return false;
  return files.every((file) => folders.every((runDir) => !sshConfigRuns(file, { ...place, runDir })));
}
