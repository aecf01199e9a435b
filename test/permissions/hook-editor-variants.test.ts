// Red team R20-10 (HIGH, held-back variants of js19's Left): the editor rows read `.vscode/` at the top only. js20
// read every .vscode and *.code-workspace; these are the row's variants, each checked: a subfolder's recommendation,
// the subfolder opened as the workspace (-C pkg), a workspace file with recommendations and no `folders` (the
// folder it sits in), a workspace file's codeActionsOnSave naming ESLint's fixer, and `source.fixAll` alone
// (every installed fixer, ESLint's included), in settings.json and in the array form.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-editor-variants-');
const PKG = JSON.stringify({ name: 'w', devDependencies: { eslint: '9' } });
const ESLINT = { 'eslint.config.mjs': 'import p from "./tools/p.js";\nexport default [p];\n', 'tools/p.js': 'export default {};\n' };
const row = (files: Record<string, string>, asks: string[], free: string[] = ['src/a.ts']): Promise<void> =>
  checkHookRow(place.next(), place.home, { hook: 'true', files: { 'package.json': PKG, 'src/a.ts': 'export {};\n', ...files }, asks, free, content: 'export {};\n' });

describe('editor variants (R20-10)', () => {
  it('pkg/.vscode recommends ESLint: pkg/eslint.config.mjs and its import ask', async () => {
    await row({ 'pkg/.vscode/extensions.json': JSON.stringify({ recommendations: ['dbaeumer.vscode-eslint'] }), 'pkg/eslint.config.mjs': ESLINT['eslint.config.mjs'], 'pkg/tools/p.js': ESLINT['tools/p.js'] }, ['pkg/tools/p.js', 'pkg/eslint.config.mjs']);
  });

  it('a workspace file with recommendations and no folders: its own folder', async () => {
    await row({ 'w.code-workspace': JSON.stringify({ extensions: { recommendations: ['dbaeumer.vscode-eslint'] } }), ...ESLINT }, ['tools/p.js']);
  });

  it('a workspace file\'s codeActionsOnSave names ESLint\'s fixer', async () => {
    await row({ 'w.code-workspace': JSON.stringify({ folders: [{ path: '.' }], settings: { 'editor.codeActionsOnSave': { 'source.fixAll.eslint': 'explicit' } } }), ...ESLINT }, ['tools/p.js']);
  });

  it('settings.json `source.fixAll` alone (every fixer): ESLint\'s configuration asks', async () => {
    await row({ '.vscode/settings.json': JSON.stringify({ 'editor.codeActionsOnSave': { 'source.fixAll': 'explicit' } }), ...ESLINT }, ['tools/p.js', 'eslint.config.mjs']);
  });

  it('the array form of `source.fixAll` in a subfolder', async () => {
    await row({ 'pkg/.vscode/settings.json': JSON.stringify({ 'editor.codeActionsOnSave': ['source.fixAll'] }), 'pkg/eslint.config.mjs': ESLINT['eslint.config.mjs'], 'pkg/tools/p.js': ESLINT['tools/p.js'] }, ['pkg/tools/p.js']);
  });

  it('control: `source.organizeImports` names no fixer of the rows', async () => {
    await row({ '.vscode/settings.json': JSON.stringify({ 'editor.codeActionsOnSave': { 'source.organizeImports': 'explicit' } }), ...ESLINT }, [], ['src/a.ts', 'tools/p.js']);
  });
});
