// js19 Left 4 (issue 26): the editor rows read .vscode at the top only. VS Code opened on a subfolder reads that
// folder's .vscode, and a multi-root `*.code-workspace` names folders with settings and recommendations of its own:
// their extensions' configurations (and what those load) were free. Now every .vscode folder and workspace file at
// any depth counts (found by the workspace walk, obeyed-repos.ts), each for the folder it opens.
import { describe, expect, it } from 'vitest';
import { checkHookRow, hookVerdict, rowPlace } from './hook-check.js';

const place = rowPlace('cw-editor-below-');
const PKG = JSON.stringify({ name: 'w', devDependencies: { eslint: '9', prettier: '3', tailwindcss: '3' } });
const row = (files: Record<string, string>, asks: string[], free: string[] = ['src/a.ts', 'apps/web/src/a.ts']): Promise<void> =>
  checkHookRow(place.next(), place.home, { hook: 'true', files: { 'package.json': PKG, 'src/a.ts': 'export {};\n', ...files }, asks, free, content: 'export {};\n' });

describe('editor settings below the top and in *.code-workspace files (js19 Left 4)', () => {
  it('a subfolder\'s .vscode recommends ESLint: that folder\'s eslint.config.mjs and what it imports ask', async () => {
    await row({ 'apps/web/.vscode/extensions.json': JSON.stringify({ recommendations: ['dbaeumer.vscode-eslint'] }), 'apps/web/eslint.config.mjs': 'import p from "./tools/p.mjs";\nexport default [p];\n', 'apps/web/tools/p.mjs': 'export default {};\n' }, ['apps/web/eslint.config.mjs', 'apps/web/tools/p.mjs']);
  });

  it('a subfolder\'s .vscode settings name Tailwind: its tailwind.config.js and the plug-in it requires ask', async () => {
    await row({ 'apps/ui/.vscode/settings.json': JSON.stringify({ 'tailwindCSS.includeLanguages': { plaintext: 'html' } }), 'apps/ui/tailwind.config.js': 'module.exports = { plugins: [require("./tw.js")] };\n', 'apps/ui/tw.js': 'module.exports = {};\n' }, ['apps/ui/tailwind.config.js', 'apps/ui/tw.js'], ['src/a.ts', 'apps/ui/src/a.ts']);
  });

  it('a *.code-workspace file: its settings apply to the folders it names (Prettier there, with its plug-in)', async () => {
    await row({
      'team.code-workspace': '// shared\n{ "folders": [{ "path": "apps/web" }, { "path": "." }], "settings": { "[typescript]": { "editor.defaultFormatter": "esbenp.prettier-vscode" } }, }\n',
      'apps/web/.prettierrc.json': JSON.stringify({ plugins: ['./tools/p.js'] }), 'apps/web/tools/p.js': 'module.exports = {};\n',
    }, ['apps/web/.prettierrc.json', 'apps/web/tools/p.js', 'prettier.config.js']);
  });

  it('a *.code-workspace file\'s recommendations, deeper down, for a folder named relative to it', async () => {
    await row({
      'tools/ws/dev.code-workspace': JSON.stringify({ folders: [{ path: '../../apps/web' }], extensions: { recommendations: ['dbaeumer.vscode-eslint'] } }),
      'apps/web/eslint.config.js': 'module.exports = [require("./rules.js")];\n', 'apps/web/rules.js': 'module.exports = {};\n',
    }, ['apps/web/eslint.config.js', 'apps/web/rules.js']);
  });

  // eslint.config.* and .prettierrc* are in the write gate's catalogue since R37-b3 (an extension installed in the editor
  // loads them whether or not the project names it): obeyed (test/permissions/obeyed.test.ts), so not rows here.
  it('control: no extension named below or in a workspace file, the configurations stay free', async () => {
    await row({ 'apps/web/.vscode/settings.json': '{"editor.tabSize": 2}', 'x.code-workspace': JSON.stringify({ folders: [{ path: 'apps/web' }], settings: { 'files.eol': '\n' } }) }, [], ['src/a.ts', 'apps/web/tailwind.config.js']);
  });

  it.each([
    [{ 'apps/web/.vscode/settings.json': JSON.stringify({ 'prettier.prettierPath': './tools/fake' }) }, /apps\/web\/\.vscode\/settings\.json `prettier\.prettierPath`/],
    [{ 'w.code-workspace': JSON.stringify({ folders: [{ path: '.' }], settings: { 'eslint.nodePath': 'tools' } }) }, /eslint\.nodePath/],
    [{ 'w.code-workspace': '{ "folders": ' }, /w\.code-workspace/],
    [{ 'apps/web/.vscode/extensions.json': '{ "recommendations": [' }, /apps\/web\/\.vscode\/extensions\.json/],
  ])('%j: not modelled', async (files, why) => {
    const verdict = await hookVerdict(place.next(), 'true', { 'package.json': PKG, ...files });
    expect(verdict.unmodeled).toMatch(why);
  });
});
