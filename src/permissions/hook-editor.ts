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
import { dirname, join, relative, resolve } from 'node:path';
import { scanWorkspace } from './obeyed-repos.js';
import { inside } from './hook-spelling.js';
import { jsConfigs } from './hook-js-configs.js';
import { tailwindParts } from './hook-runner-next.js';
import { obeyPackages } from './hook-packages.js';
import { packageFolders } from './node-resolve.js';
import { parseJsonc } from './ts-paths.js';
import { read, type Walk } from './hook-walk.js';

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
}

// Follows what the extensions named for one opened folder load; sets walk.unmodeled for a setting it cannot read.
function openedRuns(walk: Walk, opened: Opened): void {
  const named = new Set(opened.recommended.filter((id): id is string => typeof id === 'string').map((id) => id.toLowerCase()));
  const entries = opened.settings.flatMap(settingEntries);
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
function vscodeOf(walk: Walk, dir: string, extra?: { recommended: unknown[]; settings: unknown[]; texts: string[] }): Opened {
  const extensions = jsonc(walk, join(dir, '.vscode', 'extensions.json'));
  const settings = jsonc(walk, join(dir, '.vscode', 'settings.json'));
  return {
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
export function editorRuns(walk: Walk): void {
  const found = (scanWorkspace(walk.top, walk.kept).editors ?? []).map((rel) => join(walk.top, rel));
  const workspaces = found.filter((path) => path.endsWith('.code-workspace'));
  for (const dir of new Set([walk.top, ...found.filter((path) => !path.endsWith('.code-workspace'))])) openedRuns(walk, vscodeOf(walk, dir));
  for (const file of workspaces) {
    const { text, data } = jsonc(walk, file);
    walk.files.add(file);
    if (data === undefined) continue;
    const extra = { recommended: list(object(data['extensions'])['recommendations']), settings: [data['settings']], texts: [JSON.stringify(data['settings'] ?? {}), text ?? ''] };
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
      if (inside(walk.top, dir)) openedRuns(walk, vscodeOf(walk, dir, extra));
    }
  }
}

const object = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
