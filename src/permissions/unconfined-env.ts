import type { SimpleCommand } from '../shell/parse-types.js';
import { isLocationVariable } from '../shell/location-variables.js';
import { isLoaderVariable } from './obeyed-env.js';
import { UNKNOWN } from './argv.js';
import { outsideHow } from './unconfined-paths.js';

// With no OS sandbox (unconfined.ts), a variable of the command's environment that names a place moves the
// program's writes there, whatever its words say. Two kinds, one judge:
// - a variable that says where a program keeps its configuration, credentials or state (location-variables.ts):
//   `GIT_DIR=~/other/.git git config core.hooksPath x`, `GIT_WORK_TREE=~ git checkout -- .bashrc`, `CARGO_HOME=~/x
//   cargo login`, `HOME=~ tool config set` (round 28 LEFT): any value is a place, one only known at run time fails
//   closed;
// - ANY other variable whose value is a path outside (red team R30-1): programs append to the file a variable
//   names whatever it is called (`GIT_TRACE=~/.bashrc git status`, GIT_TRACE2_EVENT, SSLKEYLOGFILE, HISTFILE,
//   LESSHISTFILE, PYTHONPYCACHEPREFIX, NODE_V8_COVERAGE, PIP_LOG): a name list never converges, so the VALUE is
//   read as a path from the folder the program runs in, like a path word: with the workspace's links resolved
//   (R31-1 `lnk/.bashrc`; R32-1 a bare `lnkf`, a link the repository ships), a part only known at run time anywhere
//   failing closed (`GIT_TRACE=$D`, R32-1 `l$(echo nkf)`). A word, a number, a URL resolve inside and stay free.
// The environment is the one the parse recorded for the command (SimpleCommand.env: prefix assignments, exports
// earlier on the line, `env NAME=VALUE`, `env -S`, an enclosing command's), so `export X=..; tool`, `env X=..
// tool` and `X=.. tool` are one judgement. The system's folders (`JAVA_HOME=/usr/lib/jvm/…`, `/etc/ssl/…`) are
// read, not written, by a person who is not root; the temporary folder and the output devices are free.

const SINK = /^\/dev\/(?:null|stdout|stderr|tty|fd\/[12])$/;
const SYSTEM = /^\/(?:usr|bin|sbin|lib|lib64|opt|nix|snap|etc)(?:\/|$)/;
// Lists of folders (`XDG_CONFIG_DIRS=a:b`, `GIT_ALTERNATE_OBJECT_DIRECTORIES`, `KUBECONFIG=a:b`).
const LISTS = /(?:DIRS|DIRECTORIES|CONFIGS|FILES|^KUBECONFIG)$/i;
// Search lists (PATH, PYTHONPATH, NODE_PATH, RUBYLIB, PERL5LIB): what is read, judged by their own reader
// (unconfined-interpreters.ts searchPathEntries), not places written.
const SEARCH_LISTS = /(?:PATH|^RUBYLIB|^PERL5LIB|^PERLLIB)$/;
// Every value is read as a path (red team R31-1 `SSLKEYLOGFILE=lnk/.bashrc`, R32-1 `SSLKEYLOGFILE=lnkf` with
// `lnkf -> ~/.bashrc` shipped by the repository): which look a value has says nothing of where it lands, a bare name
// may be a link. `text/html`, a URL, `production` or `sub/x` resolve inside the workspace and stay free. A run-time
// part (\0) anywhere counts for every variable: which variables name a file a program writes or obeys is not ours to
// list (`SSLKEYLOGFILE=$(printf ~/.bashrc) curl ...`, `l$(echo nkf)`); `NODE_ENV=$ENV` asks with --sandbox off.
// A lone `-` (stdin or stdout to most programs) is no place.
const NO_PLACE = (value: string): boolean => value === '-';
// The user's runtime folder (XDG_RUNTIME_DIR's usual value: sockets and locks of the person's session, already
// every program's). The folder itself is free for a variable that loads nothing from it; a file inside it is judged.
const runtimeFolder = (place: string): boolean => place.replace(/\/+$/, '') === `/run/user/${process.getuid?.() ?? -1}`;

interface Entry {
  readonly name: string;
  readonly value: string;
  readonly dynamic: boolean;
  readonly candidates?: readonly string[];
}

// The values an entry may take: its candidates (`$HOME` as `~`, `$PWD` as `.`, a run-time part as UNKNOWN), or
// for an entry recorded without them its value (a run-time part unknown).
function valuesOf({ value, dynamic, candidates }: Entry): readonly string[] {
  return candidates ?? [dynamic ? `${UNKNOWN}${value}` : value];
}

// The first value of one entry that lands outside the workspace, the temporary folder and the system's folders.
function outsideValue(entry: Entry, bases: readonly string[], root: string): string | undefined {
  const location = isLocationVariable(entry.name);
  if (!location && SEARCH_LISTS.test(entry.name)) return undefined;
  const root0 = process.getuid?.() === 0;
  for (const value of valuesOf(entry)) {
    const places = location && LISTS.test(entry.name) ? value.split(':') : [value];
    for (const place of places) {
      if (!location && NO_PLACE(place)) continue;
      if (runtimeFolder(place) && !isLoaderVariable(entry.name)) continue;
      if (place === '' || SINK.test(place) || (!root0 && SYSTEM.test(place) && !place.includes(UNKNOWN))) continue;
      if (outsideHow(place, bases, root, true) !== undefined) return value;
    }
  }
  return undefined;
}

// The first `NAME=VALUE` of the command's environment whose value lands outside the workspace and the temporary
// folder (as the question shows it), undefined when none does.
export function environmentOutside(command: SimpleCommand, bases: readonly string[], root: string): string | undefined {
  for (const entry of command.env ?? []) {
    const value = outsideValue(entry, bases, root);
    if (value === undefined) continue;
    return value.includes(UNKNOWN) ? `${entry.name}=… (only known at run time)` : `${entry.name}=${value}`;
  }
  return undefined;
}
