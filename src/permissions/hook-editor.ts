// What the person's editor runs from the project with no hook (red team R18-19, decided: build it). VS Code's ESLint
// extension loads the project's eslint and its configuration (executing eslint.config.mjs and the plug-ins it
// names) as soon as a JS file is opened in a trusted workspace; the Prettier extension loads prettier's
// configuration and plug-ins on format-on-save; Tailwind CSS IntelliSense loads tailwind.config.* and its plug-ins.
// When the project names one of them (.vscode/extensions.json `recommendations`, or .vscode/settings.json naming the
// extension or one of its settings), their configurations and what those load are obeyed as if a hook ran eslint,
// prettier or a Tailwind build (the same rows: hook-js-configs.ts, hook-runner-next.ts), with the installed
// package the extension loads. Only those configurations and what they import ask; ordinary source stays free.
// Not only at the top: VS Code opened on a subfolder reads that folder's .vscode, and a multi-root `*.code-workspace`
// file names folders and carries settings and recommendations for them (editorRuns, below).
// A setting of the extension that names a module, a runtime or a place (`prettier.prettierPath`,
// `eslint.nodePath`, `eslint.options`, `tailwindCSS.experimental.configFile` ...): not modelled (fail closed), as is
// an extensions.json or settings.json codeward cannot read.
import { basename, dirname, join, relative, resolve } from 'node:path';
import { scanWorkspace } from './obeyed-repos.js';
import { inside } from './hook-spelling.js';
import { jsConfigs } from './hook-js-configs.js';
import { tailwindParts } from './hook-runner-next.js';
import { obeyPackages } from './hook-packages.js';
import { packageFolders } from './node-resolve.js';
import { parseJsonc } from './ts-paths.js';
import { read, stats, type Walk } from './hook-walk.js';
import { launchRuns, newNamed, object, settingRuns, taskRuns, type EditorNamed } from './hook-editor-named.js';
import { launchSettingsNamed, tflintNamed } from './hook-editor-tools.js';
import { obeyEnvFile } from './hook-env-files.js';
import { assignedLoads } from './hook-assigned.js';
import { obeyAssigned } from './hook-node-options.js';

// Follows command lines run from `folder` by the file `script` the way a hook's lines are (obeyed-hooks.ts).
export type RunLines = (lines: readonly string[], folder: string, script: string) => void;

interface Extension {
  readonly id: string;
  // Its settings' prefix, and the settings that name nothing it loads.
  readonly prefix: string;
  readonly inert: readonly string[];
  // The installed package it loads from the project.
  readonly package: string;
  readonly follow: (walk: Walk, dir: string) => void;
  // Other text of settings.json that names it (`"source.fixAll.eslint"` in codeActionsOnSave; `"source.fixAll"` alone
  // runs every installed fixer, ESLint's included: red team R20-10).
  readonly mention?: RegExp;
}

const EXTENSIONS: readonly Extension[] = [
  {
    id: 'dbaeumer.vscode-eslint', prefix: 'eslint.', package: 'eslint', follow: (walk, dir) => jsConfigs(walk, ['eslint'], [dir]), mention: /["']source\.fixAll(?:\.eslint)?["']/,
    // workingDirectories: where it runs eslint; eslint's configurations are obeyed at any depth (cascades) already.
    inert: ['workingDirectories', 'enable', 'validate', 'probe', 'run', 'format.enable', 'quiet', 'onIgnoredFiles', 'rules.customizations', 'codeAction.disableRuleComment', 'codeAction.showDocumentation', 'codeActionsOnSave.mode', 'codeActionsOnSave.rules', 'problems.shortenToSingleLine', 'debug', 'trace.server', 'useFlatConfig', 'useESLintClass', 'experimental.useFlatConfig', 'packageManager', 'alwaysShowStatus', 'ignoreUntitled', 'timeBudget.onValidation', 'timeBudget.onFixes', 'lintTask.enable', 'provideLintTask', 'migration.2_x'],
  },
  {
    id: 'esbenp.prettier-vscode', prefix: 'prettier.', package: 'prettier', follow: (walk, dir) => jsConfigs(walk, ['prettier'], [dir]),
    inert: ['enable', 'requireConfig', 'useEditorConfig', 'withNodeModules', 'documentSelectors', 'enableDebugLogs', 'ignorePath', 'disableLanguages', 'printWidth', 'tabWidth', 'useTabs', 'semi', 'singleQuote', 'jsxSingleQuote', 'trailingComma', 'bracketSpacing', 'bracketSameLine', 'jsxBracketSameLine', 'arrowParens', 'proseWrap', 'endOfLine', 'quoteProps', 'htmlWhitespaceSensitivity', 'vueIndentScriptAndStyle', 'embeddedLanguageFormatting', 'singleAttributePerLine', 'experimentalTernaries', 'experimentalOperatorPosition', 'objectWrap'],
  },
  {
    id: 'bradlc.vscode-tailwindcss', prefix: 'tailwindCSS.', package: 'tailwindcss', follow: (walk, dir) => tailwindParts(walk, dir),
    inert: ['includeLanguages', 'emmetCompletions', 'colorDecorators', 'showPixelEquivalents', 'rootFontSize', 'hovers', 'suggestions', 'codeActions', 'validate', 'classAttributes', 'classFunctions', 'files.exclude', 'experimental.classRegex', 'recommendedVariantOrder', 'inspectPort', 'codeLens'],
  },
];
const LINT = /^lint\.\w+$/;
// ESLint's constructor options in `eslint.options` that name no code, configuration or place.
const ESLINT_OPTIONS = new Set(['extensions', 'cache', 'cacheLocation', 'cacheStrategy', 'reportUnusedDisableDirectives', 'ignore', 'errorOnUnmatchedPattern', 'globInputPaths', 'allowInlineConfig', 'fix', 'fixTypes', 'warnIgnored']);
const understood = (extension: Extension, key: string, value: unknown): boolean =>
  extension.inert.includes(key) || LINT.test(key) || (extension.prefix === 'eslint.' && key === 'options' && typeof value === 'object' && value !== null && Object.keys(value).every((option) => ESLINT_OPTIONS.has(option)));

// Every key of a settings object, language-scoped blocks (`"[typescript]": {…}`) included, with its value.
function settingEntries(value: unknown): [string, unknown][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => (/^\[.*\]$/.test(key) ? settingEntries(item) : [[key, item] as [string, unknown]]));
}

// One folder the editor opens (`dir`: the top, a folder holding a .vscode, a folder a *.code-workspace names), with
// what names extensions there: its .vscode files and, for a workspace file's folder, that file's own sections.
interface Opened {
  readonly dir: string;
  readonly recommended: unknown[];
  readonly settings: unknown[];
  readonly texts: string[];
  readonly where: string;
  // tasks.json / launch.json values (with a workspace file's `tasks` / `launch` sections), and where they are.
  readonly tasks: unknown[];
  readonly launch: unknown[];
  readonly script: string;
}

// Follows what the extensions named for one opened folder load; sets walk.unmodeled for a setting it cannot read.
function openedRuns(walk: Walk, opened: Opened, run: RunLines): void {
  const named = new Set(opened.recommended.filter((id): id is string => typeof id === 'string').map((id) => id.toLowerCase()));
  const entries = opened.settings.flatMap(settingEntries);
  // What the editor's own files name to run (R21-7): tasks, debug configurations, interpreter, terminal.
  const out = newNamed();
  for (const tasks of opened.tasks) taskRuns(tasks, opened.dir, out, `${relative(walk.top, opened.script)} (tasks)`);
  for (const launch of opened.launch) launchRuns(launch, opened.dir, out, `${relative(walk.top, opened.script)} (launch)`);
  settingRuns(entries, opened.dir, out, opened.where, (key) => EXTENSIONS.some((extension) => key.startsWith(extension.prefix)));
  // Stamped by its own path when missing (not by the folder's times, which every new file there changes).
  const tflintPath = join(opened.dir, '.tflint.hcl');
  const tflint = stats(tflintPath) === undefined ? void walk.sources.push(tflintPath) : read(walk, tflintPath);
  if (tflint !== undefined) tflintNamed(tflint, opened.dir, walk.top, out);
  obeyNamed(walk, out, opened.script, run);
  for (const [, value] of entries) if (typeof value === 'string') named.add(value.toLowerCase());
  for (const extension of EXTENSIONS) {
    const own = entries.filter(([key]) => key.startsWith(extension.prefix));
    if (!named.has(extension.id) && own.length === 0 && !opened.texts.some((text) => extension.mention?.test(text) ?? false)) continue;
    const loaded = own.map(([key, value]) => [key.slice(extension.prefix.length), value] as const).find(([key, value]) => !understood(extension, key, value))?.[0];
    if (loaded !== undefined) walk.unmodeled ??= `${opened.where} \`${extension.prefix}${loaded}\` (an editor extension setting that may name a module or place)`;
    extension.follow(walk, opened.dir);
    obeyPackages(walk, packageFolders(extension.package, opened.dir, walk.top));
  }
}

// A JSON(C) file the editor reads: its text and value; an unreadable one makes the walk unmodelled.
function jsonc(walk: Walk, path: string): { text?: string; data?: Record<string, unknown> } {
  const text = read(walk, path);
  if (text === undefined) return {};
  const data = parseJsonc(text);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    walk.unmodeled ??= `${relative(walk.top, path)} (not JSON codeward can read: the editor extensions it names are not known)`;
    return { text };
  }
  return { text, data: data as Record<string, unknown> };
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

// The folder `dir`'s own .vscode settings, with a workspace file's sections (`extra`) when it opens `dir`.
function vscodeOf(walk: Walk, dir: string, extra?: { recommended: unknown[]; settings: unknown[]; texts: string[]; tasks: unknown[]; launch: unknown[]; file: string }): Opened {
  const extensions = jsonc(walk, join(dir, '.vscode', 'extensions.json'));
  const settings = jsonc(walk, join(dir, '.vscode', 'settings.json'));
  const tasks = jsonc(walk, join(dir, '.vscode', 'tasks.json'));
  const launch = jsonc(walk, join(dir, '.vscode', 'launch.json'));
  return {
    tasks: [tasks.data, ...(extra?.tasks ?? [])],
    launch: [launch.data, ...(extra?.launch ?? [])],
    script: extra?.file ?? join(dir, '.vscode', 'tasks.json'),
    dir,
    recommended: [...list(extensions.data?.['recommendations']), ...(extra?.recommended ?? [])],
    settings: [settings.data, ...(extra?.settings ?? [])],
    texts: [settings.text ?? '', ...(extra?.texts ?? [])],
    where: `${relative(walk.top, join(dir, '.vscode', 'settings.json'))}${extra === undefined ? '' : ' or its workspace file'}`,
  };
}

// Where the editor may be opened (red team R18-19, js19 Left 4): the top, any folder holding a .vscode (VS Code
// opened on a subfolder), and the folders a multi-root `*.code-workspace` names (its `settings` and `extensions`
// apply to each). Found at any depth by the workspace walk (obeyed-repos.ts `editors`, whose list is part of the
// kept context's key: one made later counts at once).

// Follows what the extensions the project names load; sets walk.unmodeled for a setting or file it cannot read.
export function editorRuns(walk: Walk, run: RunLines): void {
  const found = (scanWorkspace(walk.top, walk.kept).editors ?? []).map((rel) => join(walk.top, rel));
  const workspaces = found.filter((path) => path.endsWith('.code-workspace'));
  // A project's `Properties` folder (obeyed-repos.ts): its launchSettings.json profiles (R21-7).
  const properties = found.filter((path) => basename(path) === 'Properties');
  for (const folder of properties) launchProfiles(walk, folder, run);
  for (const dir of new Set([walk.top, ...found.filter((path) => !path.endsWith('.code-workspace') && !properties.includes(path))])) openedRuns(walk, vscodeOf(walk, dir), run);
  for (const file of workspaces) {
    const { text, data } = jsonc(walk, file);
    walk.files.add(file);
    if (data === undefined) continue;
    const extra = { recommended: list(object(data['extensions'])['recommendations']), settings: [data['settings']], texts: [JSON.stringify(data['settings'] ?? {}), text ?? ''], tasks: [data['tasks']], launch: [data['launch']], file };
    // No `folders`: the workspace file's own folder is the one named (red team R20-10: recommendations alone).
    const folders = list(data['folders']).length > 0 ? list(data['folders']) : [{ path: '.' }];
    for (const folder of folders) {
      const path = object(folder)['path'];
      if (typeof path !== 'string') {
        walk.unmodeled ??= `${relative(walk.top, file)}: a folder codeward cannot read`;
        continue;
      }
      const dir = resolve(dirname(file), path);
      // A folder outside the work tree is not the work tree's to protect.
      if (inside(walk.top, dir)) openedRuns(walk, vscodeOf(walk, dir, extra), run);
    }
  }
}


// A project's Properties/launchSettings.json: what its profiles run (hook-editor-tools.ts).
function launchProfiles(walk: Walk, folder: string, run: RunLines): void {
  const path = join(folder, 'launchSettings.json');
  const { data } = jsonc(walk, path);
  const out = newNamed();
  if (data !== undefined) launchSettingsNamed(data, dirname(folder), relative(walk.top, path), out);
  obeyNamed(walk, out, path, run);
}

// Applies what an editor or tool file names: files (a path ending `/**`: everything below), env files and variables
// for what it runs, its command lines, and why it cannot be read.
function obeyNamed(walk: Walk, out: EditorNamed, script: string, run: RunLines): void {
  const prefix = `${relative(walk.top, script)} runs`;
  for (const path of out.named) {
    const folder = path.endsWith('/**') ? path.slice(0, -3) : path;
    if (!inside(walk.top, folder)) continue;
    if (path.endsWith('/**') || stats(path)?.file === false) walk.globs.add(path.endsWith('/**') ? path : join(path, '**'));
    else walk.files.add(path);
  }
  for (const { path, folder } of out.envFiles) obeyEnvFile(walk, path, folder, prefix);
  for (const { word, folder } of out.assignments) obeyAssigned(walk, assignedLoads(word, folder, true), prefix);
  for (const { line, folder } of out.runs) if (inside(walk.top, folder)) run([line], folder, script);
  if (out.unknown !== undefined) walk.unmodeled ??= out.unknown;
}
