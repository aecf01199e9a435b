import { ProjectFiles } from './test-detect-files.js';
import type { Beneath } from '../workspace/beneath.js';
import type { ScriptPin } from '../engine/command.js';
import { readNamedFiles, type NamedReader } from './run-script-files.js';
import { readMake } from './run-script-make.js';
import { commandsOf, programOf, ScriptReading } from './run-script-reading.js';
import { folderChangeAt } from './cd-operand.js';
import { lineProblem } from './run-script-unknown.js';
import { readRunnerSetup } from './run-script-npm.js';
import { projectPicksScript } from './run-script-pm-config.js';
import { runsPackageBin, shadowingBin } from './run-script-bin-shadows.js';
import { installScripts } from '../permissions/hook-pm-commands.js';
import { launchedLines } from './run-script-launched.js';
import { implicitScripts } from './run-script-implicit.js';

// The script lines a runner line makes the repository run (red team R16-5): `npm test` runs whatever
// package.json's "test" says (and its pre/post scripts, and the runner lines those run in turn), `make test`
// the recipes of the Makefile's rule and its prerequisites, and the script files those lines name. The
// approval question shows them (a person approves `curl -d @.env … | sh`, not `npm test`), and an "always"
// is keyed on them: the rule saved keeps their digest (ScriptPin) and matches only while a new reading gives
// the same one (permissions/approval-pins.ts). A reading that could not follow something the line may run
// gives no key, and the question offers no "always" (fail closed). Read through the workspace jail.

// Runner lines inside scripts are followed this deep.
const DEPTH = 3;
// Options before a package manager's subcommand that take no value, and the ones naming another package's place.
// `-g`/`--global`: npm run reads the local package all the same (opts31: `npm -g -C sub run g` ran sub's g).
const FLAGS = new Set(['-g', '--global', '--silent', '-s', '--quiet', '-q', '--verbose', '-d', '--no-color', '--color', '-c', '--shell-mode', '-r', '--recursive', '--offline', '--prefer-offline', '--frozen-lockfile', '--immutable', '--no-progress', '--bun']);
const PLACES = /^(?:--prefix|--cwd|--dir|-C|--filter|-F|--workspace|-w|--workspaces|--userconfig|--globalconfig|--script-shell)=/;
// The subcommands that run a named script, and npm's others that run one of the package's scripts.
const RUN = ['run', 'run-script', 'rum', 'urn'];
const SCRIPTS = ['test', 't', 'tst', 'start', 'stop', 'restart'];
// Options of a package manager that change nothing about which package.json and script run.
// `-g`/`--global` too: npm 11 runs the local package's script all the same (`npm run g -g` ran the root's g: opts31).
const PLAIN_OPTIONS = new Set(['-g', '--global', '--silent', '-s', '--quiet', '-q', '--if-present', '--no-color', '--color']);

// The package managers whose subcommands run package.json scripts, and how each names the script: null for a
// subcommand that runs none (`bun test` is bun's own runner), undefined for one not known here (an option
// before the subcommand, `npm install`'s lifecycle scripts, `yarn workspace`): a script runs, which one is unknown.
// The root package's lifecycle scripts a package manager's own command runs (red team R23-6: `npm install` runs
// preinstall, install, postinstall and prepare; `npm pack` prepack and prepare; `npm version` preversion ...),
// in npm's order; pnpm, yarn and bun run the same ones for the same commands (more named here is only more judged).
const INSTALL = installScripts('npm', 'install')!;
const TEST = ['pretest', 'test', 'posttest'];
const LIFECYCLE: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(
    ['install', 'i', 'in', 'ins', 'inst', 'insta', 'instal', 'isnt', 'isnta', 'isntal', 'isntall', 'add', 'ci', 'clean-install', 'ic', 'install-clean', 'isntall-clean', 'rebuild', 'rb', 'link', 'ln', 'update', 'up', 'upgrade', 'udpate', 'dedupe', 'ddp'].map((sub) => [sub, INSTALL]),
  ),
  ...Object.fromEntries(['install-test', 'it', 'cit', 'install-ci-test', 'clean-install-test', 'sit'].map((sub) => [sub, [...INSTALL, ...TEST]])),
  pack: ['prepack', 'prepare', 'postpack'],
  publish: ['prepublishOnly', 'prepack', 'prepare', 'postpack', 'publish', 'postpublish'],
  version: ['preversion', 'version', 'postversion'],
};

function packageScript(program: string, words: readonly string[]): string | readonly string[] | null | undefined {
  const end = words.indexOf('--');
  const own = end < 0 ? words : words.slice(0, end);
  const [sub, name] = own;
  if (own.includes('--ignore-scripts')) return null;
  if (sub === '--version' || sub === '-v' || sub === '--help' || sub === '-h') return null;
  // `yarn` alone installs (running the lifecycle scripts), with options too (`yarn --frozen-lockfile`, `yarn -s`:
  // red team R24-5); the others alone print their help.
  if (sub === undefined || (program === 'yarn' && own.every((word) => word.startsWith('-')))) return program === 'yarn' ? INSTALL : null;
  // Options before the subcommand: `--name=value` ones and flags that take no value do not move it (`npm
  // --loglevel=warn ci`, the canonical spelling of npm_config_loglevel=warn npm ci; `pnpm -c exec`); a place option
  // or one that may take the next word (`yarn --cwd x run g`): which script runs is not read here.
  if (sub.startsWith('-')) {
    const at = own.findIndex((word) => !word.startsWith('-'));
    const lead = own.slice(0, at);
    // `--no-NAME` is a boolean's negation (nopt and the others take no value after it): `npm --no-global i x`.
    if (lead.every((word) => (word.includes('=') && !PLACES.test(word)) || FLAGS.has(word) || /^--no-[a-z][a-z-]*$/.test(word))) return packageScript(program, words.slice(at));
    return ['exec', 'x', 'dlx'].includes(own[at]!) ? null : undefined;
  }
  // Options do not change which of the root package's lifecycle scripts run (`npm ci --no-audit`, `npm i -D x`,
  // `yarn install --frozen-lockfile`); a place option (`--prefix`) is read before this
  // (permissions/decide-script-places.ts).
  // The commands that change node_modules are the hook walk's table's (hook-pm-commands.ts: one table, npm's words
  // resolved as npm does; `npm uninstall` runs the `dependencies` scripts: red team R26-11).
  const install = installScripts(program, sub);
  if (install !== undefined) return install;
  if (Object.hasOwn(LIFECYCLE, sub)) return LIFECYCLE[sub]!;
  if (program === 'bun' && sub === 'test') return null;
  if (['exec', 'x', 'dlx'].includes(sub)) return null;
  const run = RUN.includes(sub);
  // npm's other commands run no script of the package, whatever their options (`npm docs --browser`, `npm view x
  // --json`), but `npm audit fix` (an install); `npm explore x -- CMD` runs CMD (judged as the line it is).
  if (program === 'npm' && !run && !SCRIPTS.includes(sub)) return sub === 'audit' && name === 'fix' ? INSTALL : null;
  // The script `run` names: its first word that is no option, else the word after `--` (`npm run -- deploy`, R15-2);
  // `npm run` alone lists the scripts.
  const at = run ? own.findIndex((word, i) => i > 0 && !word.startsWith('-')) : 0;
  const script = run ? (at < 0 ? (end < 0 ? null : (words[end + 1] ?? null)) : own[at]!) : sub;
  // `npm test --prefix sub` runs sub's script: any option but the plain ones is not read here. npm reads its options
  // up to `--` (the words after it are the script's: R24-5 depth); pnpm, yarn and bun pass the words after the
  // script's name to the script (`yarn build --watch`), so only the options before it are theirs.
  const options = program === 'npm' ? own : own.slice(0, at < 0 ? own.length : at);
  if (options.some((word) => word.startsWith('-') && !PLAIN_OPTIONS.has(word))) return undefined;
  if (['test', 't', 'tst'].includes(sub)) return 'test';
  // `yarn build`, `pnpm build`, `bun build` run the script "build" when package.json has one (else the manager's
  // own command or a binary).
  return script;
}

// `script`: one script (and its pre/post) or the lifecycle scripts a command runs when present.
async function readPackage(files: ProjectFiles, script: string | readonly string[], reading: ScriptReading): Promise<string[]> {
  const text = await files.text('package.json');
  if (text === undefined) {
    // Missing, a package manager runs no script of it; there but not readable here (a link out of the workspace),
    // it does (R24-5).
    if (files.has('package.json')) reading.unnamed('package.json: not readable here, so the script it runs is unknown');
    else reading.open('package.json: not found, so no script of it runs');
    return [];
  }
  let scripts: Record<string, unknown> | undefined;
  try {
    scripts = (JSON.parse(text) as { scripts?: Record<string, unknown> } | null)?.scripts;
  } catch {
    reading.open('package.json: not valid JSON, so the script it runs is unknown');
    return [];
  }
  scripts = implicitScripts(scripts, files);
  const named = typeof script === 'string' ? [`pre${script}`, script, `post${script}`] : script;
  const run = named.filter((name) => typeof scripts?.[name] === 'string');
  // Without the script a package manager runs something else (npm start: node server.js; yarn and bun: a
  // binary or their own command of that name): not a script shown here. Lifecycle scripts are optional.
  if (typeof script === 'string' && !run.includes(script)) reading.open(`package.json has no "${script}" script`);
  reading.add(...run.map((name) => `package.json "${name}": ${scripts![name] as string}`));
  // A script that reads package.json's other fields (`$npm_package_config_port`): the whole file is the key.
  if (run.some((name) => (scripts![name] as string).includes('npm_package_'))) reading.file('package.json', text);
  for (const name of run) {
    const why = lineProblem(scripts![name] as string);
    if (why !== undefined) reading.open(`package.json "${name}": ${why}, so no "always"`);
  }
  return run.map((name) => scripts![name] as string);
}

// The assignments before a line's program (`MAKEFLAGS=-fx make`): the runner's environment.
const handedTo = (words: readonly string[]): string[] => words.slice(0, Math.max(0, words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word))));

// `recipes`: make's recipe lines are followed too (the question shows them); the rules' reading of package scripts
// (packageScriptLines) leaves them out: they are make's syntax, not shell lines, and `make` is judged as a line.
async function readLine(line: string, depth: number, open: () => Promise<ProjectFiles>, reading: ScriptReading, recipes = true): Promise<string[]> {
  const ran: string[] = [];
  let moved = false;
  for (const words of commandsOf(line)) {
    const { program, rest } = programOf(words);
    if (folderChangeAt(words) >= 0) moved = true;
    // A package-bin runner (`npx git`, `pnpm exec sh`) looks its program up in node_modules/.bin first (R33-4).
    if (runsPackageBin(program, rest)) {
      const files = await open();
      const shadow = shadowingBin(files.dir, files.jail, { program, rest });
      reading.runs ||= shadow !== undefined;
      if (shadow !== undefined) reading.unnamed(`${[program, ...rest].join(' ')}: ${shadow}`);
    }
    const manager = ['npm', 'pnpm', 'yarn', 'bun'].includes(program);
    if (!manager && (program !== 'make' || !recipes)) continue;
    const script = manager ? packageScript(program, rest) : '';
    if (script === null) continue;
    reading.runs = true;
    if (manager) reading.managers.add(program);
    // A runner after a `cd` reads another folder's files (the shown ones would be the wrong ones).
    if (moved || depth > DEPTH) reading.unnamed(`${[program, ...rest].join(' ')}: runs in a folder or at a depth not read here`);
    // A script the reading cannot name (`npm test --foo`, `yarn --cwd x g`): not judged, so a deny or ask rule asks
    // (R24-5); without a package.json no script of it runs.
    else if (script === undefined) {
      const why = `${[program, ...rest].join(' ')}: may run a package.json script not named here`;
      if (manager && (await open()).has('package.json')) reading.unnamed(why);
      else reading.open(why);
    }
    else {
      // Project settings that pick another package or what runs the script (R31-6; run-script-pm-config.ts): unread.
      const picks = manager ? await projectPicksScript(await open(), program, rest) : undefined;
      if (picks?.keyed === true) reading.unjudged(`${[program, ...rest].join(' ')}: ${picks.why}`);
      else if (picks !== undefined) reading.unnamed(`${[program, ...rest].join(' ')}: ${picks.why}`);
      // An install also runs the dependencies' install scripts, which no reading of the project shows: no "always".
      if (typeof script !== 'string' && script.includes('preinstall')) reading.open(`${[program, ...rest].join(' ')}: also runs its dependencies' install scripts`);
      ran.push(...(manager ? await readPackage(await open(), script, reading) : await readMake(await open(), rest, handedTo(words), reading)));
    }
  }
  // The runner lines those scripts run in turn (`"test": "npm run build && vitest"`), and the lines this line's
  // programs launch (`concurrently "yarn g"`: run-script-launched.ts), read for what they run.
  const inner: string[] = [];
  const launched = launchedLines(line);
  for (const why of launched.runtime) reading.unnamed(why);
  for (const each of launched.lines) inner.push(...(await readLine(each, depth + 1, open, reading, recipes)));
  for (const each of ran) inner.push(...(await readLine(each, depth + 1, open, reading, recipes)));
  return [...ran, ...inner];
}

// The reading of a line: the lines shown, the key; undefined when the line runs no repository script.
// `named` reads a file a script names, relative to `folder` (absent: such a file leaves no key).
export async function readScripts(folder: string, jail: Beneath | undefined, line: string, named?: NamedReader): Promise<{ lines: string[]; pin?: ScriptPin } | undefined> {
  let files: ProjectFiles | undefined;
  const open = async (): Promise<ProjectFiles> => (files ??= await ProjectFiles.open(folder, jail));
  const reading = new ScriptReading();
  const ran = await readLine(line, 0, open, reading);
  if (!reading.runs) return undefined;
  reading.shellLines.push(...ran);
  await readNamedFiles(ran, named, reading);
  if (reading.managers.size > 0) await readRunnerSetup(await open(), named, reading);
  const pin = reading.pin();
  return { lines: reading.lines, ...(pin ? { pin } : {}) };
}

// The lines alone (tests, callers that key nothing).
export async function scriptLines(folder: string, jail: Beneath | undefined, line: string): Promise<string[] | undefined> {
  return (await readScripts(folder, jail, line))?.lines;
}

// The shell lines the package.json scripts a runner line names run (`npm run g` -> `git push`; pre/post scripts and
// the runner lines those run in turn, DEPTH deep), for deny and ask rules (permissions/decide-scripts.ts), with
// why the reading is incomplete; undefined when the line runs no script.
export async function packageScriptLines(folder: string, jail: Beneath | undefined, line: string): Promise<{ lines: string[]; unknown: readonly string[]; unread: readonly string[] } | undefined> {
  let files: ProjectFiles | undefined;
  const open = async (): Promise<ProjectFiles> => (files ??= await ProjectFiles.open(folder, jail));
  const reading = new ScriptReading();
  const lines = await readLine(line, 0, open, reading, false);
  return reading.runs ? { lines, unknown: reading.unknown, unread: reading.unread } : undefined;
}
