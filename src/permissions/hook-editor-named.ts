// What the editor's own files name to run (red team R21-7): codeward asks before writing .vscode/tasks.json,
// launch.json, settings.json and a `*.code-workspace` (they are obeyed), so what they name is obeyed too: a task's
// command line (`shell`, `process`, `npm`, the `linux`/`osx`/`windows` overrides, `options.cwd/env/shell`; a task
// with `runOptions.runOn: folderOpen` runs when the folder is opened), a debug configuration's program, runtime,
// arguments, folder, env and env file, the Python interpreter, the terminal profiles' programs and env, and any
// other setting whose key names a program (`*.path`, `*.executable`, `*.command` ...) and whose value is a path.
// The command lines are read by obeyed-hooks.ts like a hook's (so `node tools/x` obeys tools/x.js).
// `${workspaceFolder}` is the opened folder; any other variable (`${env:X}`, `${input:..}`, `${command:..}`) is only
// known when the editor runs it: the walk fails closed, naming why. Other settings (editor.fontSize ...) name
// nothing to run and stay free.
import { basename, resolve } from 'node:path';

export interface EditorNamed {
  // Shell command lines, with the folder each runs in (absolute).
  readonly runs: { line: string; folder: string }[];
  // Files (or folders: everything below) obeyed, existing or not (absolute).
  readonly named: string[];
  readonly envFiles: { path: string; folder: string }[];
  // `NAME=VALUE` set for what runs, with its folder.
  readonly assignments: { word: string; folder: string }[];
  unknown?: string;
}

export const newNamed = (): EditorNamed => ({ runs: [], named: [], envFiles: [], assignments: [] });

export const object = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const strings = (value: unknown): string[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((each) => (typeof each === 'string' ? [each] : typeof object(each)['value'] === 'string' ? [object(each)['value'] as string] : []));
const quote = (word: string): string => (/^[\w./=:@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`);
const OSES = ['linux', 'osx', 'windows'];

// The editor's variables: `${workspaceFolder}` (and its older and basename spellings) resolved; any other one unknown.
function substitute(value: string, dir: string, out: EditorNamed, where: string): string | undefined {
  const text = value.replace(/\$\{(workspaceFolder|workspaceRoot|workspaceFolderBasename|pathSeparator|\/)\}/g, (_, name: string) => (name === 'workspaceFolderBasename' ? basename(dir) : name === 'pathSeparator' || name === '/' ? '/' : dir));
  if (!/\$\{[^}]*\}/.test(text)) return text;
  out.unknown ??= `${where} \`${value}\` (a variable only known when the editor runs it)`;
  return undefined;
}

// An env table: each value with `${env:X}` read as the shell's `$X` (so `PATH=..:${env:PATH}` is PATH's own value).
function env(table: unknown, folder: string, dir: string, out: EditorNamed, where: string): void {
  for (const [name, value] of Object.entries(object(table))) {
    const text = typeof value === 'string' ? substitute(value.replace(/\$\{env:(\w+)\}/g, '@@ENV@$1@@'), dir, out, where)?.replace(/@@ENV@(\w+)@@/g, '$${$1}') : String(value);
    if (text !== undefined) out.assignments.push({ word: `${name}=${text}`, folder });
  }
}

// One program with its arguments run from `folder`: the line, and the program's path when it names one.
function program(words: readonly string[], folder: string, dir: string, out: EditorNamed, where: string, shell = false): void {
  const plain = words.map((word) => substitute(word, dir, out, where));
  if (plain.length === 0 || plain.some((word) => word === undefined)) return;
  const [first, ...rest] = plain as string[];
  if (first!.includes('/') && !shell) out.named.push(resolve(folder, first!));
  out.runs.push({ line: shell ? [first!, ...rest].join(' ') : [first!, ...rest].map(quote).join(' '), folder });
}

// The folder a task or configuration runs in (`options.cwd`, `cwd`), else the opened folder.
const folderOf = (cwd: unknown, dir: string, out: EditorNamed, where: string): string => {
  const text = typeof cwd === 'string' ? substitute(cwd, dir, out, where) : undefined;
  return text === undefined ? dir : resolve(dir, text);
};

// Each view of a task or configuration: itself, and merged with each OS override.
const views = (entry: Record<string, unknown>): Record<string, unknown>[] => [entry, ...OSES.filter((os) => entry[os] !== undefined).map((os) => ({ ...entry, ...object(entry[os]), options: { ...object(entry['options']), ...object(object(entry[os])['options']) } }))];

// tasks.json (or a workspace file's `tasks`): every task's command line, from its folder.
export function taskRuns(data: unknown, dir: string, out: EditorNamed, where: string): void {
  const root = object(data);
  const tasks = Array.isArray(root['tasks']) ? root['tasks'] : [];
  for (const task of [root, ...tasks].map(object)) {
    for (const view of views({ ...(task === root ? {} : { type: root['type'], options: root['options'] }), ...task, options: { ...object(root['options']), ...object(task['options']) } })) {
      const options = object(view['options']);
      const folder = folderOf(options['cwd'], dir, out, where);
      env(options['env'], folder, dir, out, where);
      const shell = object(options['shell']);
      if (shell['executable'] !== undefined) program([...strings(shell['executable']), ...strings(shell['args'])], folder, dir, out, where);
      const type = typeof view['type'] === 'string' ? view['type'] : 'process';
      if (type === 'npm' && typeof view['script'] === 'string') program(['npm', 'run', view['script']], folderOf(view['path'], dir, out, where), dir, out, where);
      else if (type === 'typescript' && typeof view['tsconfig'] === 'string') program(['tsc', '-p', view['tsconfig']], dir, dir, out, where);
      else if (['gulp', 'grunt', 'jake'].includes(type) && typeof view['task'] === 'string') program([type, view['task']], dir, dir, out, where);
      else if (type === 'shell' || type === 'process') {
        if (view['command'] === undefined) continue;
        const command = strings(view['command']);
        if (type === 'shell') program([command.join(' '), ...strings(view['args']).map(quote)], folder, dir, out, where, true);
        else program([...command, ...strings(view['args'])], folder, dir, out, where);
        // `./tools/x` run by the shell: its path names the file too.
        if (type === 'shell' && /^\.{0,2}\/?[\w.-]+\//.test(command[0] ?? '')) out.named.push(resolve(folder, command[0]!.split(/\s/)[0]!));
      } else if (task !== root || view['command'] !== undefined) out.unknown ??= `${where} a task of type \`${type}\` (a task provider codeward does not model)`;
    }
  }
}

const RUNTIMES: Readonly<Record<string, string>> = { node: 'node', 'pwa-node': 'node', python: 'python3', debugpy: 'python3' };

// launch.json (or a workspace file's `launch`): each configuration's runtime, program and arguments.
export function launchRuns(data: unknown, dir: string, out: EditorNamed, where: string): void {
  for (const configuration of (Array.isArray(object(data)['configurations']) ? (object(data)['configurations'] as unknown[]) : []).map(object)) {
    for (const view of views(configuration)) {
      const folder = folderOf(view['cwd'], dir, out, where);
      env(view['env'], folder, dir, out, where);
      for (const file of strings(view['envFile'])) {
        const path = substitute(file, dir, out, where);
        if (path !== undefined) out.envFiles.push({ path: resolve(folder, path), folder });
      }
      if (typeof view['command'] === 'string') program([view['command']], folder, dir, out, where, true);
      const runtime = [...strings(view['runtimeExecutable']), ...strings(view['python']), ...strings(view['pythonPath'])][0] ?? RUNTIMES[String(view['type'])];
      const module = typeof view['module'] === 'string' ? ['-m', view['module']] : [];
      const main = [...strings(view['program']), ...module];
      if (runtime === undefined && main.length === 0) continue;
      program([...(runtime === undefined ? [] : [runtime]), ...strings(view['runtimeArgs']), ...main, ...strings(view['args'])], folder, dir, out, where);
      if (runtime !== undefined) {
        for (const file of strings(view['program'])) {
          const path = substitute(file, dir, out, where);
          if (path !== undefined) out.named.push(resolve(folder, path));
        }
      }
    }
  }
}

// The settings that name a program, an argument list or an environment the editor starts things with.
const PROFILE = /^terminal\.integrated\.(?:profiles|automationProfile)\.(?:linux|osx|windows)$/;
const PATHS = /^python\.(?:defaultInterpreterPath|pythonPath|venvPath|condaPath|poetryPath|pipenvPath)$|^terminal\.integrated\.shell\.\w+$/;
// Any other key whose last part says it names a program (`rust-analyzer.server.path`, `clangd.path`,
// `typescript.tsdk`, `java.jdt.ls.java.home`); not a folder the extension only reads (`python.analysis.extraPaths`,
// `jest.rootPath`). A key saying it holds a command line (`jest.jestCommandLine`) is read as one.
const PROGRAM_KEY = /\.(?:path|\w*[Ee]xecutable\w*|(?:server|bin|binary|interpreter|runtime|tool|compiler)Path|interpreter|runtime|program|binary|tsdk|home|javaHome|sdk)$/;
const COMMAND_KEY = /\.\w*[Cc]ommand(?:Line)?$/;

// One settings object's keys (language blocks already flattened), except those an extension row models (`owned`).
export function settingRuns(entries: readonly [string, unknown][], dir: string, out: EditorNamed, where: string, owned: (key: string) => boolean): void {
  for (const [key, value] of entries) {
    const at = `${where} \`${key}\``;
    if (owned(key)) continue;
    if (PROFILE.test(key)) {
      for (const profile of key.includes('automation') ? [object(value)] : Object.values(object(value)).map(object)) {
        const folder = folderOf(profile['cwd'], dir, out, at);
        env(profile['env'], folder, dir, out, at);
        for (const path of strings(profile['path'])) program([path, ...strings(profile['args'])], folder, dir, out, at);
      }
    } else if (/^terminal\.integrated\.env\.\w+$/.test(key)) env(value, dir, dir, out, at);
    else if (/^terminal\.integrated\.shellArgs\.\w+$/.test(key)) program(['sh', ...strings(value)], dir, dir, out, at);
    else if (key === 'python.envFile') {
      const path = typeof value === 'string' ? substitute(value, dir, out, at) : undefined;
      if (path !== undefined) out.envFiles.push({ path: resolve(dir, path), folder: dir });
    } else if (COMMAND_KEY.test(key) && typeof value === 'string') program([value], dir, dir, out, at, true);
    else if (PATHS.test(key) || PROGRAM_KEY.test(key)) {
      for (const path of strings(value).filter((text) => /[/\\]|\$\{/.test(text))) {
        const text = substitute(path, dir, out, at);
        if (text !== undefined) out.named.push(resolve(dir, text));
      }
    }
  }
}
