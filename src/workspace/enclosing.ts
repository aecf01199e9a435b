// A workspace root inside a folder the rules protect (red team round 6, R6-3 and R6-4). The write gate's
// catalogue and the non-accessible globs are matched on workspace-relative paths, so a root that is itself
// a repository's `.git` (or `.codeward`, `.vscode`, `.github/workflows` ...), or a folder the globs hide
// (`secrets/`), would have nothing protected or hidden in it: `-C .git --yes write hooks/pre-commit`, or a
// worker whose project config.yaml sets `base_path: ./.git`. Such a root is refused when it is opened, in
// every door, by its real path (a symlink to it is the same folder).
import { fail, type CodewardError } from '../engine/errors.js';
import { isGitDirAt } from '../permissions/git-shape.js';
import { isObeyedLater, OBEYED_CATALOGUE } from '../permissions/obeyed.js';
import { compileNonAccessible } from './globs.js';
import { anchoredAtRoot } from './anchored.js';

// Entries that hold only inside a Python virtual environment: a root named `bin/python-tools` is not one.
const VENV_ONLY: ReadonlySet<string> = new Set(OBEYED_CATALOGUE.filter((entry) => entry.inVenv === true).map((entry) => entry.pattern));

// The globs that hold at any depth (`**/secrets/**`, `**/*.pem`), so in the folders above the root as well;
// the others are anchored at the root (`config/private/**`), and `**` or `**/*` would hide every folder.
const anyDepth = (glob: string): boolean => glob.startsWith('**/') && /[^*?/]/.test(glob.slice(3));

// Why the real root `real` (given as `given`) cannot be a workspace, or undefined.
export function enclosingRefusal(real: string, globs: readonly string[], given: string = real): CodewardError | undefined {
  const nonAccessible = compileNonAccessible(globs.filter(anyDepth));
  const names = real.split('/').filter((name) => name !== '');
  // Each folder above and the root itself: the first one a glob hides (the matcher also tests ancestors).
  if (names.length > 0 && nonAccessible(names.join('/'))) {
    const hidden = names.findIndex((_, at) => nonAccessible.entry(names.slice(0, at + 1).join('/')));
    const folder = `/${names.slice(0, hidden + 1).join('/')}`;
    const where = folder === real ? 'is a folder' : `lies inside ${folder}, a folder`;
    return fail('C211', `the workspace ${real} ${where} the non-accessible globs hide from the model; open a folder outside it (or change nonAccessibleGlobs in ~/.codeward/config.json)`);
  }
  // An anchored glob (`config/private/**`) holds at every folder above the root too (red team R7-5).
  const covers = anchoredAtRoot(globs, [real, given]).covers;
  if (covers !== undefined) {
    const where = covers.folder === real || covers.folder === given ? 'is a folder' : `lies inside ${covers.folder}, a folder`;
    return fail('C211', `the workspace ${given} ${where} the non-accessible glob ${covers.pattern} may hide from the model (an anchored glob holds at every folder above the workspace too); open a folder outside it (or change nonAccessibleGlobs in ~/.codeward/config.json)`);
  }
  // The root itself or a folder above it that git takes for a git directory by its shape, whatever its name
  // (a --separate-git-dir store, a bare `x.git`): its hooks, config and refs are git's (red team R7-1).
  for (let at = names.length; at > 0; at--) {
    const folder = `/${names.slice(0, at).join('/')}`;
    if (isGitDirAt(folder)) return fail('C210', `the workspace ${real} is ${folder === real ? '' : 'inside '}${folder}, a git directory by its shape (HEAD, objects/ and refs/): git runs and obeys what is in it, so it cannot be a workspace; open the repository's work tree instead`);
  }
  const obeyed = isObeyedLater(real);
  if (obeyed !== undefined && !VENV_ONLY.has(obeyed.pattern)) {
    return fail('C210', `the workspace ${real} is in ${obeyed.pattern}, which ${obeyed.by} runs or obeys: every file there is protected, so it cannot be a workspace; open the folder that holds it instead`);
  }
  return undefined;
}
