// What an active git hook runs (red team R8-6, CRITICAL): the hooks are protected, but a hook that delegates
// (`exec ./scripts/pre-commit.sh`, husky's `.husky/pre-commit` saying `npm test`, `make check`) ran a project
// file the file tools wrote unasked, outside any sandbox, at the person's next commit. Each executable hook of
// the effective hooks folder (core.hooksPath, else the git folder's hooks/; husky's `.husky/_` runs
// `.husky/<hook>` too) is read as a shell script: a word naming an existing file of the work tree is obeyed (and
// read the same way, a few levels deep), and a task runner it starts obeys its task file (npm/yarn/pnpm/bun/npx
// -> package.json, make -> Makefile ...). Read through the git-metadata reader (regular files, size-capped):
// the text is only judged, never shown. One step further (R9-6): the paths a hook spells through
// `$(git rev-parse --show-toplevel)`, `$(dirname "$0")`, `$GIT_DIR` (hook-spelling.ts), the folder a loop
// or glob runs, the package.json script or Makefile recipe a task runs and a test runner's configuration
// (hook-tasks.ts). Not followed: the test files a runner then loads (the README says why). A line the walk
// cannot follow (hook-unmodeled.ts: a runner it does not model, a file or folder only known at run time) makes
// every runner-executed file kind of the work tree obeyed (hook-fallback.ts, runner-kinds.ts: R11-6).
import { basename, dirname, join, relative, resolve } from 'node:path';
import { inside, loopedOver, spelled, type Known } from './hook-spelling.js';
import { argFiles, scriptLines, scriptNames, simpleCommands } from './hook-tasks.js';
import { makeRuns } from './hook-make.js';
import { assignedIn } from '../shell/option-variables.js';
import { taskFileCommands } from './hook-taskfiles.js';
import { fanOuts, reachedPackages } from './hook-workspaces.js';
import { npmWorkspacesContext } from './hook-pm-workspaces.js';
import { nxLines } from './hook-nx.js';
import { turboTasks } from './hook-turbo.js';
import { installRun } from './hook-install-locals.js';
import { configCommands, configNamed, lineLoads, loadedModuleNames, resolvedNames } from './hook-configs.js';
import { computedLoads, configTexts, pythonFirstFolders, pythonShadowGlobs } from './hook-config-parts.js';
import { scriptVariables, unmodeled } from './hook-unmodeled.js';
import { runnerKindFiles } from './hook-fallback.js';
import { commitRunnerParts } from './hook-commit-runners.js';
import { babelConfigs, jsConfigs } from './hook-js-configs.js';
import { editorRuns } from './hook-editor.js';
import { obeyEnvFile } from './hook-env-files.js';
import { installedPrograms, programsOf } from './hook-bins.js';
import { pythonEnvironments } from './hook-python-sites.js';
import { obeyFed } from './hook-fed-obey.js';
import { scriptFunctions } from './hook-fed.js';
import { scriptStatements, statementHead } from './hook-fed-lines.js';
import { pythonFrontEnd } from './hook-python-envs.js';
import { assignedLoads, lineAssignments, nodeOptionsOf, npmLineLoads, npmrcLoads } from './hook-assigned.js';
import { obeyAssigned } from './hook-node-options.js';
import { PM_RUNNERS } from './hook-pm-runners.js';
import { nativeProgram, newWalk, read, stats, type Walk } from './hook-walk.js';
import { obeyForeign, obeyNative, obeyShebang } from './hook-native-loads.js';
import { SHELLS } from '../shell/parse-wrappers.js';
import { lineValues } from './hook-line-values.js';
import { keepPackageReaches } from './package-reach-kept.js';
import type { FolderListings } from '../workspace/listings.js';
import { doctestGlobs, nodeUnfollowed, runsScript, scriptLoads, sourceOperands, toolchainRun } from './hook-runs.js';
import { commandWords, shellWords } from '../git/config-command.js';
import { shCommands } from '../shell/sh-tokens.js';
import { movedTo, type CdState } from './hook-moved.js';
import { huskyParent } from '../git/config-path.js';
import { pendingHooks } from './hook-pending.js';
import { memberLines } from './hook-members.js';
import { sameProgramText } from '../shell/program-aliases.js';
import { canonicalLongText } from '../shell/long-canon-text.js';
import { loopText } from '../shell/loop-text.js';

// A task runner's name -> the files at the work tree's top that say what it runs.
const RUNNERS: Readonly<Record<string, readonly string[]>> = {
  npm: ['package.json'], npx: ['package.json'], yarn: ['package.json'], pnpm: ['package.json', 'pnpm-workspace.yaml'], bun: ['package.json'],
  turbo: ['turbo.json', 'package.json'], lerna: ['lerna.json', 'package.json'], nx: ['nx.json', 'package.json'],
  make: ['Makefile', 'makefile', 'GNUmakefile'], just: ['justfile', 'Justfile', '.justfile'], task: ['Taskfile.yml', 'Taskfile.yaml'],
  composer: ['composer.json'], rake: ['Rakefile'], gradle: ['build.gradle', 'build.gradle.kts'], gulp: ['gulpfile.js', 'gulpfile.mjs', 'gulpfile.cjs', 'gulpfile.ts', 'gulpfile.babel.js'], grunt: ['Gruntfile.js', 'Gruntfile.cjs', 'Gruntfile.ts', 'Gruntfile.coffee'], mvn: ['pom.xml'],
  tox: ['tox.ini', 'tox.toml'], pdm: ['pyproject.toml'], poe: ['pyproject.toml'], hatch: ['pyproject.toml', 'hatch.toml'], nox: ['noxfile.py'], invoke: ['tasks.py'], poetry: ['pyproject.toml'], uv: ['pyproject.toml'],
  cargo: ['Cargo.toml', '.cargo/config.toml', 'build.rs'], deno: ['deno.json', 'deno.jsonc'], commitlint: ['commitlint.config.js', 'commitlint.config.ts', '.commitlintrc.js', '.commitlintrc.json', '.commitlintrc.yml'],
};
// A hook that runs each file of a test suite (R25-13) reads them all: room for MAX_MEMBERS and its own scripts.
const MAX_SCRIPTS = 320;
// With the script runners that run npm (hook-pm-runners.ts, R21-10).
const NPM = new Set(['npm', 'npx', 'pnpm', 'pnpx', 'yarn', 'bun', 'bunx', ...PM_RUNNERS]);
const MAX_DEPTH = 4;
const MAX_LINES = 4000;
// Names of scripts an interpreter runs: a missing one a hook line names is obeyed too.
const SCRIPT = /\.(?:sh|bash|zsh|js|mjs|cjs|ts|mts|cts|py|rb|pl|php)$/;
// Scripts of other languages: read for the paths they name, never judged as shell lines (hook-unmodeled.ts).
const NOT_SHELL = /\.(?:js|mjs|cjs|jsx|ts|mts|cts|tsx|py|pyw|rb|pl|pm|php|lua|go|rs|java|kt|cs|c|cc|cpp)$/i;

// The lines of one script (`script`: its path, the `$0` of its lines), or of the task it starts (run in `from`: one
// folder, or every folder the line that started the script may be in, its last the nearest: `cd pkgs/a && sh run.sh`
// reads run.sh's `./gen.sh` from pkgs/a, env31).
// A program installed under another name is read as the program (`yarnpkg test` is `yarn test`: every table
// below knows it by that name; shell/program-aliases.ts).
function follow(walk: Walk, given: readonly string[], depth: number, script: string, from: string | readonly string[] = walk.top): void {
  const froms = typeof from === 'string' ? [from] : from.length > 0 ? [...new Set(from)] : [walk.top];
  // A getopt_long program's abbreviated options are read in full (`make --di=sub`: shell/long-canon-text.ts), a POSIX
  // `for f do` as `for f; do` (shell/loop-text.ts).
  const lines = given.map((line) => loopText(canonicalLongText(sameProgramText(line))));
  const { top, files } = walk;
  const known: Known = new Map();
  const bases = [...froms];
  const cd: CdState = {};
  const variables = scriptVariables(lines);
  const copies = savedCopies(lines);
  // A function defined over several lines binds its `$1` when a later line calls it (hook-fed.ts).
  const functions = scriptFunctions(lines.join('\n'));
  // Shell functions the script defines (`function f {` too): calling one runs lines the walk reads anyway.
  const defined = new Set([...lines.flatMap((text) => /^\s*(?:function\s+)?([\w-]+)\s*\(\s*\)/.exec(text)?.slice(1) ?? []), ...functions.keys()]);
  for (const line of lines) {
    // A bound that stops reading fails closed (red team R15-9): the lines past it are not known.
    if (++walk.lines > MAX_LINES) {
      walk.unmodeled ??= `the hooks hold more than ${MAX_LINES} lines to follow`;
      return;
    }
    // A value the line sets before it uses it (`D=pkgs/a; cd $D && make`) is read as that value, as the unmodeled
    // check reads it (hook-line-values.ts): the walk follows the folder the line really moves to.
    const statement = restored(spelled(lineValues(line.replace(/^\s*#.*$/, ''), variables), { top, gitDir: walk.gitDir, script }, known), copies);
    // A here-document's body is read by hook-fed.ts (and its shell statements follow as lines): not by the others.
    const command = statementHead(statement);
    const words = shellWords(command);
    // husky's own runtime (`.husky/_/h`: `sh -e "$s"`) runs `.husky/<hook>`, which the walk reads itself.
    // A program in another language (`python3 tools/check.py`) is obeyed as a whole; its lines are not shell.
    if (walk.unmodeled === undefined && basename(dirname(script)) !== '_' && !NOT_SHELL.test(script)) {
      const why = unmodeled(command, (word) => bases.some((base) => stats(resolve(base, word))?.file === true), defined, variables, functions.loops);
      if (why !== undefined) walk.unmodeled = `${inside(top, script) ? relative(top, script) : script} runs ${why}`;
    }
    for (const word of words) for (const file of RUNNERS[basename(word)] ?? []) files.add(resolve(top, file));
    // `cd scripts && ./check.sh`, `cd pkgs && cd a`, `env -C pkgs/a npm …` (R11-6): later words also run there.
    // Each move's folders (several: CDPATH's) are reached from the folders before it.
    for (const move of movedTo(command, cd)) {
      const before = [...bases].reverse();
      for (const to of move) {
        // A folder that does not exist yet counts too (R21-8: `cd tools && $(MAKE)` reads tools/Makefile once made).
        const folder = before.map((at) => resolve(at, to)).find((at) => inside(top, at) && stats(at)?.file !== true);
        if (folder !== undefined) bases.push(folder);
      }
    }
    if (cd.unknown !== undefined) walk.unmodeled ??= `${inside(top, script) ? relative(top, script) : script} runs ${cd.unknown}`;
    // pytest's `-p plugin` on the line (or PYTEST_ADDOPTS), every conftest.py (R11-6).
    const loads = lineLoads(words, command);
    for (const glob of loads.globs) walk.globs.add(resolve(top, glob));
    for (const glob of doctestGlobs(command, bases[bases.length - 1]!)) if (inside(top, glob)) walk.globs.add(glob);
    for (const named of loads.named) for (const at of froms) if (SCRIPT.test(named) && inside(top, resolve(at, named))) files.add(resolve(at, named));
    // A runner's configuration at the top, in the folder it runs in (a workspace package's own vitest.config.ts,
    // eslint.config.js ...) and in each folder a `cd` moved to (R14-2); what it names, from its folder or the top.
    const places = [...new Set([top, ...froms, ...bases])];
    installedPrograms(walk, command, places);
    // What the line hands to an interpreter or runs by its path, and the local packages a runner runs (hook-fed.ts).
    const fed = obeyFed(walk, statement, bases, script, (fedLines, folder) => {
      if (depth < MAX_DEPTH) follow(walk, fedLines, depth + 1, script, folder);
      else if (fedLines.length > 0) walk.unmodeled ??= `${relative(top, script)} runs a local package more than ${MAX_DEPTH} levels deep`;
    }, functions);
    // A Python environment the line runs a program from, by its path or activated (friction19 Left 1).
    pythonEnvironments(walk, fed, programsOf(command).map(({ name }) => name), places);
    jsConfigs(walk, words, places);
    for (const { path: config, text } of places.flatMap((at) => configTexts(words, at, (path) => read(walk, path)))) {
      // Under the fallback every configuration name is a glob already (runner-kinds.ts): not one path per package.
      if (walk.unmodeled === undefined) files.add(config);
      for (const glob of doctestGlobs(text ?? '', dirname(config))) if (inside(top, glob)) walk.globs.add(glob);
      // A name the configuration computes (R12-5b): every file below its folder.
      if (text !== undefined && computedLoads(text) && inside(top, dirname(config))) walk.globs.add(join(dirname(config), '**'));
      const loading = loadedModuleNames(text ?? '');
      for (const spelled of text === undefined ? [] : configNamed(text)) for (const named of loading.has(spelled) ? resolvedNames(spelled) : [spelled]) {
        const targets = [resolve(dirname(config), named), resolve(top, named)].filter((target) => inside(top, target)), existing = targets.filter((target) => stats(target)?.file === true);
        // A named code file missing (yet, or since its folder was deleted: R11-5) runs all the same once made;
        // so do the files a name without an extension resolves to (R12-5).
        const missing = existing.length === 0 && (SCRIPT.test(named) || named !== spelled) ? targets.filter((target) => stats(target) === undefined) : [];
        for (const target of [...existing, ...missing]) files.add(target);
      }
    }
    const { folders, globs } = loopedOver(words, top);
    for (const folder of folders) files.add(folder);
    for (const glob of globs) walk.globs.add(glob);
    // The files of those folders the line runs one by one (`find tools -exec node {} \;`): each a line of its own (R23-16/17).
    const members = memberLines(walk, command, bases[bases.length - 1]!, functions.loops);
    if (members.cut !== undefined) walk.unmodeled ??= `${inside(top, script) ? relative(top, script) : script} runs the files of a folder one by one: ${members.cut}`;
    for (const run of members.lines) follow(walk, [run.line], depth, script, run.from);
    // What a variable set for the line's programs (or the rest of the script) names (R14-7).
    for (const part of shCommands(command)) {
      const set = lineAssignments(part.map((word) => word.text));
      // node's own `-r x`/`--import x` read like NODE_OPTIONS' (one resolver: node-resolve.ts).
      for (const word of [...set.words, ...nodeOptionsOf(part.map((each) => each.text))]) {
        obeyAssigned(walk, assignedLoads(word, bases[bases.length - 1]!, set.forProgram), `${inside(top, script) ? relative(top, script) : script} runs`);
      }
    }
    const unfollowed = nodeUnfollowed(words, bases, top);
    if (unfollowed !== undefined) walk.unmodeled ??= `${relative(top, script)}: ${unfollowed}`;
    // The folder python imports from first: a module there shadows the standard library (R12-1).
    for (const folder of pythonFirstFolders(words, bases[bases.length - 1]!, (path) => stats(path)?.file === true)) if (inside(top, folder)) for (const glob of pythonShadowGlobs(folder)) walk.globs.add(glob);
    const sources = sourceOperands(command);
    for (const word of commandWords(command)) {
      if (sources.has(word)) continue;
      const target = word.startsWith('-') ? undefined : bases.map((base) => resolve(base, word)).find((path) => inside(top, path) && stats(path)?.file === true);
      // A script the line names that does not exist yet (`node tools/lint.js`): made later, it runs all the same,
      // from the folder the line is in (each one it may be in: `cd pkgs/a` earlier, env31).
      if (target === undefined && SCRIPT.test(word) && !word.startsWith('-')) for (const missing of bases.map((base) => resolve(base, word))) if (inside(top, missing) && stats(missing) === undefined) files.add(missing);
      if (target === undefined) continue;
      files.add(target);
      scriptLoads(walk, target, word === words[0] || runsScript(words), bases[bases.length - 1]!, script);
      if (depth < MAX_DEPTH) walk.queue.push({ path: target, depth: depth + 1, shellFed: shellFed(words, word), cwd: [...bases] });
      // Past the depth bound, a script not queued from a shallower line is not known (red team R15-9).
      else if (!walk.queue.some((entry) => entry.path === target)) walk.unmodeled ??= `${inside(top, script) ? relative(top, script) : script} runs ${word} more than ${MAX_DEPTH} scripts deep`;
    }
    // A line's tasks are followed once, from the shallowest place it is met (the same line is met again through
    // nested readings); a task runner first met past the depth bound starts tasks not known (red team R15-9a).
    const met = `${bases[bases.length - 1]!}\u0000${command}`;
    if (depth < MAX_DEPTH) {
      walk.followed.add(met);
      for (const part of simpleCommands(command)) tasks(walk, shellWords(part), bases, depth, script, command);
    } else if (!walk.followed.has(met) && words.some((word) => RUNNERS[basename(word)] !== undefined)) walk.unmodeled ??= `${inside(top, script) ? relative(top, script) : script} starts tasks more than ${MAX_DEPTH} levels deep`;
    // `xargs -a LIST sh`, `xargs sh < LIST`, `cat LIST | xargs sh`, `done < LIST`: the list is obeyed (absent
    // too), and each file it names.
    for (const list of argFiles(words, command).map((name) => resolve(bases[bases.length - 1]!, name)).filter((path) => inside(top, path))) {
      files.add(list);
      for (const name of read(walk, list)?.split('\n').map((text) => text.trim()).filter(Boolean) ?? []) {
        const target = resolve(bases[0]!, name);
        if (inside(top, target) && stats(target)?.file === true && depth < MAX_DEPTH) walk.queue.push({ path: target, depth: depth + 1 });
        if (inside(top, target)) files.add(target);
      }
    }
  }
}

// The tasks the words of one line start, from each folder the script may be in (`cd pkgs/a && npm run lint`).
function tasks(walk: Walk, words: readonly string[], bases: readonly string[], depth: number, script: string, command = ''): void {
  const { top, files } = walk;
  const read1 = (path: string): string | undefined => read(walk, path);
  for (const base of bases) {
    // A package.json script runs in its package's folder (`npm --prefix web test`: web/package.json), the
    // nearest one holding a package.json (npm looks up from where it runs).
    for (const { folder, names, locals, unknown: notModelled, lines } of scriptNames(words)) {
      if (notModelled !== undefined) walk.unmodeled ??= `${relative(top, script)} runs ${notModelled}`;
      const at = resolve(base, folder);
      if (!inside(top, at)) continue;
      files.add(resolve(at, 'package.json'));
      let pkg = at;
      while (pkg !== top && stats(join(pkg, 'package.json'))?.file !== true) pkg = dirname(pkg);
      follow(walk, [...scriptLines(pkg, names, read1), ...(lines ?? [])], depth + 1, script, pkg);
      // An install also runs the lifecycle scripts of the local packages it links (R18-18).
      if (names.includes('preinstall')) installRun(walk, pkg, names, script, (lines, folder) => follow(walk, lines, depth + 1, script, folder), locals.map((spec) => resolve(at, spec.replace(/^(?:file|link|portal):/, ''))));
    }
    // make: the makefiles it reads and includes, the recipe lines it runs, from the folder it runs in.
    // make's option variables set anywhere in the hook file or on the line (`export MAKEFLAGS=-Itools; make`: dyn23).
    for (const run of makeRuns(top, [...assignedIn(`${command}\n${read(walk, script) ?? ''}`, 'make'), ...words], base, read1)) {
      for (const file of run.files) if (inside(top, file)) files.add(file);
      for (const glob of run.globs) if (inside(top, glob)) walk.globs.add(glob);
      // What a file a recipe runs is built from (R14-1).
      for (const file of run.built) if (inside(top, file)) files.add(file);
      if (inside(top, run.folder)) follow(walk, run.lines, depth + 1, script, run.folder);
      if (run.unknown !== undefined) walk.unmodeled ??= `make: ${run.unknown}`;
    }
    const tasked = taskFileCommands(words, base, read1);
    if (tasked.unknown !== undefined) walk.unmodeled ??= `${relative(top, script)} runs ${tasked.unknown}`;
    for (const named of tasked.named) if (inside(top, named)) files.add(named);
    // Its settings (R21-8): the env files and variables the recipes run with, the folders they run in.
    for (const file of tasked.envFiles ?? []) obeyEnvFile(walk, file, base, `${relative(top, script)} runs a task runner with`);
    for (const word of tasked.assignments ?? []) obeyAssigned(walk, assignedLoads(word, base, true), `${relative(top, script)} runs a task runner with`);
    for (const at of [base, ...(tasked.folders ?? [])]) if (inside(top, at)) follow(walk, tasked.lines, depth + 1, script, at);
  }
  toolchainRun(walk, words, bases);
  // uv/poetry/pdm/hatch/pipenv run, tox, nox: the environment's programs, and what installing the project runs (R18-6).
  pythonFrontEnd(walk, words, bases);
  // npm reads .npmrc's node-options and script-shell for every script it runs (R14-7), and the same keys given
  // as options on its line (R15-18).
  if (words.some((word) => NPM.has(basename(word)))) {
    for (const at of new Set([top, ...bases])) {
      obeyAssigned(walk, npmLineLoads(words, at), `${relative(top, script)} runs npm with`);
      obeyAssigned(walk, npmrcLoads(read1(join(at, '.npmrc')) ?? '', at), `${relative(top, script)} runs npm with`);
    }
  }
  // A monorepo runner: every workspace package it reaches (its package.json, the files its scripts name).
  // npm_config_workspaces set on the line or anywhere in the hook file (exported for the rest of it: R21-5).
  const hookText = read(walk, script) ?? '';
  // ... and in a file the hook sources, the person's environment, the project's and the user's .npmrc.
  for (const run of fanOuts(words, `${command}\n${hookText}\n${words.some((word) => NPM.has(basename(word))) ? npmWorkspacesContext(hookText, [top, ...bases], read1) : ''}`)) {
    const { folders, globs, looked } = reachedPackages(top, run, read1);
    walk.sources.push(...looked);
    for (const glob of globs) for (const kept of run.tool === 'nx' ? [glob, glob.replace(/package\.json$/, 'project.json')] : [glob]) walk.globs.add(kept);
    // turbo: the tasks the named ones depend on or run with (R20-8).
    const turbo = run.tool === 'turbo' ? turboTasks(folders, run.names, read1) : undefined;
    for (const file of turbo?.files ?? []) files.add(file);
    if (turbo?.unknown !== undefined) walk.unmodeled ??= `${relative(top, script)} runs turbo: ${turbo.unknown}`;
    for (const folder of folders) {
      files.add(join(folder, 'package.json'));
      follow(walk, [...scriptLines(folder, turbo?.names ?? run.names, read1), ...(run.command === undefined ? [] : [run.command])], depth + 1, script, folder);
      // nx: a project's targets (R11-6, R18-7), run from the top by default, or from the project; a target's
      // `cwd` is its own folder (R20-8).
      if (run.tool === 'nx') {
        const nx = nxLines(top, folder, read1);
        for (const file of nx.files) files.add(file);
        if (nx.unknown !== undefined) walk.unmodeled ??= `${relative(top, script)} runs nx: ${nx.unknown}`;
        for (const from of [top, folder]) follow(walk, nx.lines, depth + 1, script, from);
        for (const [cwd, line] of nx.placed) follow(walk, [line], depth + 1, script, cwd);
      }
    }
  }
  follow(walk, configCommands(words, top, read1), depth + 1, script);
  // lefthook's and pre-commit's commands and the files they run; a key the walk does not model (R14-3).
  const runners = commitRunnerParts(words, top, read1);
  for (const named of runners.named) if (inside(top, named)) files.add(named);
  if (runners.unknown !== undefined) walk.unmodeled ??= `${relative(top, script)} runs ${runners.unknown}`;
  follow(walk, runners.lines, depth + 1, script);
}

// Files (and folders) reached from the hooks of `dirs` (absolute), globs at the top they loop over, and
// every file and folder looked at (for the cache). `gitDir`: what `$GIT_DIR` is when git runs the hook.
// `unmodeled`: why the walk fell back to every runner-executed kind (the hook and its line), `kinds` the globs it
// added then (absolute), for the question's reason.
// `listings`: the owner's (its kept file keeps each package's reach for the next walks: package-reach-kept.ts).
export function hookReached(dirs: readonly string[], top: string, names: readonly string[], gitDir?: string, listings?: FolderListings): { files: string[]; globs: string[]; styles: string[]; sources: string[]; unmodeled?: string | undefined; kinds: string[] } {
  const walk = newWalk(top, gitDir, dirs, listings);
  walk.babel = (bases) => babelConfigs(walk, bases);
  for (const dir of dirs) {
    // Looked at even when missing: a hooks folder made later changes its stamp (obeyed-context.ts's cache).
    walk.sources.push(dir);
    if (stats(dir) === undefined) continue;
    const husky = huskyParent(dir);
    if (husky) walk.sources.push(husky);
    for (const name of names) {
      const hook = join(dir, name);
      if (stats(hook)?.executable === true) walk.queue.push({ path: hook, depth: 0 });
      // husky's generic hook sources `.husky/<name>` with sh, executable or not.
      if (husky && stats(join(husky, name))?.file === true) walk.queue.push({ path: join(husky, name), depth: 1 });
    }
  }
  // What the hooks a fresh clone's `npm install` installs will run (R20-21), installed or not yet.
  // A missing package.json is stamped by its own path (made later, it counts), not by the top folder's times,
  // which every new file at the top changes (the kept context would be recomputed for each).
  const pending = pendingHooks(top, names, (path) => {
    if (stats(path) !== undefined) return read(walk, path);
    walk.sources.push(path);
    return undefined;
  });
  for (const path of pending.scripts) if (stats(path)?.file === true) walk.queue.push({ path, depth: 1 });
  walk.sources.push(join(top, '.husky'));
  if (pending.lines.length > 0) follow(walk, pending.lines, 1, join(top, 'package.json'));
  // What the editor extensions the project names load, with no hook (R18-19).
  editorRuns(walk, (lines, folder, script) => follow(walk, lines, 1, script, folder));
  const seen = new Set<string>();
  drain(walk, seen);
  if (walk.unmodeled !== undefined) {
    fallback(walk);
    drain(walk, seen);
  }
  keepPackageReaches(top, listings);
  return { files: [...walk.files], globs: [...walk.globs], styles: [...walk.styles], sources: [...new Set(walk.sources)], unmodeled: walk.unmodeled, kinds: walk.kinds };
}

// Reads each queued script once (`seen`), following its lines.
function drain(walk: Walk, seen: Set<string>): void {
  for (let at = 0; at < walk.queue.length; at++) {
    const { path, depth, shellFed: fed, cwd = [] } = walk.queue[at]!;
    // A script is read once per set of folders it may run in (`sh pkgs/a/run.sh` and `cd pkgs/a && sh run.sh`
    // resolve its relative names from different places).
    const key = [path, ...cwd].join('\u0000');
    if (seen.has(key)) continue;
    // A bound that stops reading fails closed (red team R15-9): the scripts past it are not known.
    if (seen.size >= MAX_SCRIPTS) {
      walk.unmodeled ??= `the hooks run more than ${MAX_SCRIPTS} scripts`;
      break;
    }
    seen.add(key);
    const text = read(walk, path);
    // A compiled program run as one (`.venv/bin/python -m pytest`): obeyed where it stands, never read as lines. A
    // shell's operand is read whatever its bytes (`sh prog` reads an ELF as text, past the NUL bytes dash drops).
    // What it loads from the tree is obeyed (R22-6: its interpreter, library folders; a script's `#!` interpreter).
    if (fed !== true && (text === undefined ? stats(path)?.file === true : /^(?:\x7fELF|\ufffd)/.test(text)) && nativeProgram(path)) obeyNative(walk, path, depth, cwd);
    else if (text !== undefined) {
      if (fed !== true && text.startsWith('\x7fELF')) obeyForeign(walk, path);
      if (fed !== true) obeyShebang(walk, path, text, depth, cwd);
      // Its relative names from the folders the line that ran it may be in (env31: `cd pkgs/a && ./run.sh`).
      follow(walk, scriptStatements(text.replace(/\0/g, '')), depth, path, cwd);
    } else if (fed === true && stats(path)?.file === true) walk.unmodeled ??= `${basename(path)} is run by a shell and was not read`;
  }
}

// Whether `word` is an operand of a shell on its line (`sh f`, `bash -e f`, `. f`, `source f`).
const shellFed = (words: readonly string[], word: string): boolean =>
  words.slice(0, words.indexOf(word)).some((each) => each === '.' || each === 'source' || SHELLS.has(basename(each)));

// The variables a script only ever sets to a copy of another one (`_OLD_VIRTUAL_PATH="$PATH"`,
// `_OLD_PYTHONHOME="${PYTHONHOME:-}"`: a venv's activate saving what it changes): copy -> original.
function savedCopies(lines: readonly string[]): Map<string, string> {
  const sets = new Map<string, Set<string>>();
  for (const line of lines) {
    for (const found of line.matchAll(/(?:^|[\s;&|(])(?:export\s+|local\s+|readonly\s+)?([A-Za-z_]\w*)=("?)(\S*?)\2(?=$|[\s;&|)])/g)) {
      const from = /^\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)(?::?-)?\})$/.exec(found[3]!);
      const values = sets.get(found[1]!) ?? new Set<string>();
      values.add(from === null ? '' : (from[1] ?? from[2])!);
      sets.set(found[1]!, values);
    }
  }
  return new Map([...sets].filter(([, values]) => values.size === 1 && !values.has('')).map(([name, values]) => [name, [...values][0]!]));
}

// `line` with each saved copy read back as the original it holds (`PATH="${_OLD_VIRTUAL_PATH:-}"` restores PATH
// to its own value: `PATH="$PATH"`); saving the copy itself (`_OLD_VIRTUAL_PATH="$PATH"`, a name like PATH's) sets
// nothing a program does not have already.
function restored(line: string, copies: ReadonlyMap<string, string>): string {
  let text = line;
  for (const [copy, original] of copies) {
    if (new RegExp(String.raw`^\s*(?:export\s+)?${copy}=("?)\$(?:${original}\b|\{${original}(?::?-)?\})\1\s*$`).test(text)) return ':';
  }
  for (const [copy, original] of copies) text = text.replace(new RegExp(String.raw`\$\{${copy}(?::?-)?\}|\$${copy}\b`, 'g'), `$${original}`);
  return text;
}

// What `lines` of another file reach, walked as a hook's lines are (issue 26: an `.envrc`'s `make env`, which
// direnv runs on every `cd`): run in folder `from` (inside `top`) by the file `script`. No fallback: `unmodeled`
// says why a line cannot be followed, and the caller then treats the file as not understood.
export function linesReached(top: string, lines: readonly string[], script: string, from: string): { files: string[]; globs: string[]; unmodeled?: string } {
  const walk = newWalk(top, undefined, []);
  walk.babel = (bases) => babelConfigs(walk, bases);
  follow(walk, lines, 0, script, from);
  drain(walk, new Set());
  return { files: [...walk.files], globs: [...walk.globs], ...(walk.unmodeled === undefined ? {} : { unmodeled: walk.unmodeled }) };
}

// The structural rule (R11-6): every runner-executed file kind of the work tree, what each names, and the
// files its command lines name (from its folder, one level further).
function fallback(walk: Walk): void {
  const { globs, found, looked, cut } = runnerKindFiles(walk.top, (path) => read(walk, path));
  walk.sources.push(...looked);
  // What a runner file past the bound names would be free (red team R19-9): the line fails closed.
  if (cut !== undefined) walk.unmodeled ??= `the runner files of the tree: ${cut}`;
  for (const glob of globs) walk.globs.add(glob);
  walk.kinds.push(...globs);
  for (const { path, parts } of found) {
    walk.files.add(path);
    for (const named of parts.named) if (inside(walk.top, named)) walk.files.add(named);
    for (const glob of parts.globs ?? []) if (inside(walk.top, glob)) walk.globs.add(glob);
    follow(walk, parts.lines, MAX_DEPTH - 1, path, dirname(path));
  }
}
