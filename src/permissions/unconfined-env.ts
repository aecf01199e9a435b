import type { SimpleCommand } from '../shell/parse-types.js';
import { isLocationVariable } from '../shell/location-variables.js';
import { outsideHow } from './unconfined-paths.js';

// With no OS sandbox (unconfined.ts), a variable of the command's environment that says where a program keeps its
// configuration, credentials or state (location-variables.ts) moves the program's writes there, whatever its
// words say: `GIT_DIR=~/other/.git git config core.hooksPath x` writes another repository's configuration,
// `GIT_WORK_TREE=~ git checkout -- .bashrc` the home start-up file, `CARGO_HOME=~/x cargo login` a credential
// file, `HOME=~ tool config set` the person's own settings (round 28 LEFT). The environment is the one the
// parse recorded for the command (SimpleCommand.env: prefix assignments, exports earlier on the line, `env
// NAME=VALUE`, an enclosing command's), so `export X=..; tool` and `env X=.. tool` are read alike. A value only
// known at run time fails closed. The system's folders (`JAVA_HOME=/usr/lib/jvm/…`) are read, not written, by
// a person who is not root.

const SINK = /^\/dev\/(?:null|stdout|stderr)$/;
const SYSTEM = /^\/(?:usr|bin|sbin|lib|lib64|opt|nix|snap)(?:\/|$)/;
// Lists of folders (`XDG_CONFIG_DIRS=a:b`, `GIT_ALTERNATE_OBJECT_DIRECTORIES`, `KUBECONFIG=a:b`).
const LISTS = /(?:DIRS|DIRECTORIES|CONFIGS|FILES|^KUBECONFIG)$/i;

// The first `NAME=VALUE` of the command's environment whose location lands outside the workspace and the
// temporary folder (as the question shows it), undefined when none does.
export function environmentOutside(command: SimpleCommand, bases: readonly string[], root: string): string | undefined {
  const root0 = process.getuid?.() === 0;
  for (const { name, value, dynamic } of command.env ?? []) {
    if (!isLocationVariable(name)) continue;
    // `NAME=$PWD/x` on the command itself is the run folder's x (as unconfined.ts installs() reads it).
    const raw = dynamic ? new RegExp(`(?:^|\\s)${name}=(["']?)\\$\\{?PWD\\}?(/[^\\s$\`"']*)?\\1(?=\\s|$)`).exec(command.text) : undefined;
    if (dynamic && !raw) return `${name}=… (only known at run time)`;
    const known = raw ? `.${raw[2] ?? ''}` : value;
    const places = LISTS.test(name) ? known.split(':') : [known];
    for (const place of places) {
      if (place === '' || SINK.test(place) || (!root0 && SYSTEM.test(place))) continue;
      if (outsideHow(place, bases, root, true) !== undefined) return `${name}=${known}`;
    }
  }
  return undefined;
}
