// What the person's editor runs from the project with no hook (red team R18-19, decided: build it). VS Code's ESLint
// extension loads the project's eslint and its configuration (executing eslint.config.mjs and the plug-ins it
// names) as soon as a JS file is opened in a trusted workspace; the Prettier extension loads prettier's
// configuration and plug-ins on format-on-save; Tailwind CSS IntelliSense loads tailwind.config.* and its plug-ins.
// When the project names one of them (.vscode/extensions.json `recommendations`, or .vscode/settings.json naming the
// extension or one of its settings), their configurations and what those load are obeyed as if a hook ran eslint,
// prettier or a Tailwind build (the same rows: hook-js-configs.ts, hook-runner-next.ts), with the installed
// package the extension loads. Only those configurations and what they import ask; ordinary source stays free.
// A setting of the extension that names a module, a runtime or a place (`prettier.prettierPath`,
// `eslint.nodePath`, `eslint.options`, `tailwindCSS.experimental.configFile` ...): not modelled (fail closed), as is
// an extensions.json or settings.json codeward cannot read.
import { join } from 'node:path';
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
  readonly follow: (walk: Walk) => void;
  // Other text of settings.json that names it (`"source.fixAll.eslint"` in codeActionsOnSave).
  readonly mention?: RegExp;
}

const EXTENSIONS: readonly Extension[] = [
  {
    id: 'dbaeumer.vscode-eslint', prefix: 'eslint.', package: 'eslint', follow: (walk) => jsConfigs(walk, ['eslint'], [walk.top]), mention: /\bsource\.fixAll\.eslint\b/,
    // workingDirectories: where it runs eslint; eslint's configurations are obeyed at any depth (cascades) already.
    inert: ['workingDirectories', 'enable', 'validate', 'probe', 'run', 'format.enable', 'quiet', 'onIgnoredFiles', 'rules.customizations', 'codeAction.disableRuleComment', 'codeAction.showDocumentation', 'codeActionsOnSave.mode', 'codeActionsOnSave.rules', 'problems.shortenToSingleLine', 'debug', 'trace.server', 'useFlatConfig', 'useESLintClass', 'experimental.useFlatConfig', 'packageManager', 'alwaysShowStatus', 'ignoreUntitled', 'timeBudget.onValidation', 'timeBudget.onFixes', 'lintTask.enable', 'provideLintTask', 'migration.2_x'],
  },
  {
    id: 'esbenp.prettier-vscode', prefix: 'prettier.', package: 'prettier', follow: (walk) => jsConfigs(walk, ['prettier'], [walk.top]),
    inert: ['enable', 'requireConfig', 'useEditorConfig', 'withNodeModules', 'documentSelectors', 'enableDebugLogs', 'ignorePath', 'disableLanguages', 'printWidth', 'tabWidth', 'useTabs', 'semi', 'singleQuote', 'jsxSingleQuote', 'trailingComma', 'bracketSpacing', 'bracketSameLine', 'jsxBracketSameLine', 'arrowParens', 'proseWrap', 'endOfLine', 'quoteProps', 'htmlWhitespaceSensitivity', 'vueIndentScriptAndStyle', 'embeddedLanguageFormatting', 'singleAttributePerLine', 'experimentalTernaries', 'experimentalOperatorPosition', 'objectWrap'],
  },
  {
    id: 'bradlc.vscode-tailwindcss', prefix: 'tailwindCSS.', package: 'tailwindcss', follow: (walk) => tailwindParts(walk, walk.top),
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

// Follows what the extensions the project names load; sets walk.unmodeled for a setting or file it cannot read.
export function editorRuns(walk: Walk): void {
  const file = (name: string): { text?: string; data?: unknown } => {
    const text = read(walk, join(walk.top, '.vscode', name));
    return text === undefined ? {} : { text, data: parseJsonc(text) };
  };
  const extensions = file('extensions.json');
  const settings = file('settings.json');
  for (const [name, found] of [['extensions.json', extensions], ['settings.json', settings]] as const) {
    if (found.text !== undefined && found.data === undefined) walk.unmodeled ??= `.vscode/${name} (not JSON codeward can read: the editor extensions it names are not known)`;
  }
  const recommended = (extensions.data as { recommendations?: unknown } | undefined)?.recommendations;
  const named = new Set((Array.isArray(recommended) ? recommended : []).filter((id): id is string => typeof id === 'string').map((id) => id.toLowerCase()));
  const entries = settingEntries(settings.data);
  for (const [, value] of entries) if (typeof value === 'string') named.add(value.toLowerCase());
  for (const extension of EXTENSIONS) {
    const own = entries.filter(([key]) => key.startsWith(extension.prefix));
    if (!named.has(extension.id) && own.length === 0 && !(extension.mention?.test(settings.text ?? '') ?? false)) continue;
    const loaded = own.map(([key, value]) => [key.slice(extension.prefix.length), value] as const).find(([key, value]) => !understood(extension, key, value))?.[0];
    if (loaded !== undefined) walk.unmodeled ??= `.vscode/settings.json \`${extension.prefix}${loaded}\` (an editor extension setting that may name a module or place)`;
    extension.follow(walk);
    obeyPackages(walk, packageFolders(extension.package, walk.top, walk.top));
  }
}
