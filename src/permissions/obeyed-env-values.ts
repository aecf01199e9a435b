import { isAbsolute, join, relative } from 'node:path';
import { statQuiet } from '../files/stat-quiet.js';
import type { Loaded } from './home-sources-expand.js';

// What ANY variable an obeyed environment file sets names (red team R13-12: an allowed `.envrc`'s
// `RUSTC_WRAPPER=$PWD/tools/w`, `CC=$PWD/tools/cc`, `JAVA_TOOL_OPTIONS=-javaagent:$PWD/x.jar`,
// `DOCKER_CONFIG=$PWD/.docker`, `KUBECONFIG=$PWD/kube.yaml` left the named file writable: the table of
// variables, obeyed-env.ts, was one more list). A program the person runs later reads its variables; which
// of them it obeys is not ours to list. So a value that names a path (file or folder, recursively) of the
// workspace makes that path obeyed, whatever the variable. The table stays for what is NOT such a value:
// folders whose files are loaded by name (PATH, PYTHONPATH's sitecustomize), modules (PERL5OPT), programs
// named inside a command line. `base`: the folder the file is run in (direnv runs `.envrc` in its own).
//
// A value's words: split at spaces, `:` (path lists, `-javaagent:X`), `=` (`--opt=X`), `,` and shell operators. A word is a
// path when absolute, when it holds a `/` or starts with `.`, or when a file or folder of that name stands
// in `base` (`KUBECONFIG=kube.yaml`). The folder itself and those above it are left out (`ROOT=$PWD` names
// the project, not a program: every file would be obeyed).

// Also the shell's operators: a command value (`LESSOPEN="|$PWD/tools/lo %s"`, `PROMPT_COMMAND=". X"`: R14-17).
const WORDS = /[\s:=,;|&()<>`]+/;

export function valuePaths(value: string, base: string): Loaded[] {
  const out: Loaded[] = [];
  for (const raw of value.split(WORDS)) {
    // Quotes join a word's parts (`"$PWD"/x` is one path: R14b-3).
    const word = raw.replace(/\\?["']/g, '');
    if (word === '' || word.startsWith('-') || word.startsWith('//')) continue;
    const path = isAbsolute(word) ? word : join(base, word);
    const pathLike = isAbsolute(word) || word.includes('/') || word.startsWith('.') || statQuiet(path) !== undefined;
    if (!pathLike) continue;
    const up = relative(path, base);
    if (up === '' || (!up.startsWith('..') && !isAbsolute(up))) continue;
    out.push({ path, ...(statQuiet(path)?.isDirectory() ? { folder: true } : {}) });
  }
  return out;
}
