// Red team R18-19 (decided: build it): VS Code's ESLint, Prettier and Tailwind CSS extensions load the project's
// configurations (and the plug-ins they name) when a file is opened or saved, with no hook. When .vscode/extensions.json
// recommends one, or .vscode/settings.json names one or its settings, those configurations and what they load ask
// under --yes; ordinary source stays free. A setting that names a module or place is not modelled.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { checkHookRow, hookVerdict, rowPlace } from './hook-check.js';

const place = rowPlace('cw-editor-');
const PKG = JSON.stringify({ name: 'w', devDependencies: { eslint: '9', prettier: '3', tailwindcss: '3' } });
const ESLINT_REC = JSON.stringify({ recommendations: ['dbaeumer.vscode-eslint'] });

// A repository whose only hook is an inert one (the rows hold with no runner on any hook line).
const row = (files: Record<string, string>, asks: string[], free: string[] = ['src/a.ts']): Promise<void> =>
  checkHookRow(place.next(), place.home, { hook: 'true', files: { 'package.json': PKG, 'src/a.ts': 'export {};\n', ...files }, asks, free, content: 'export {};\n' });

describe('what the editor extensions the project names load (R18-19)', () => {
  it('ESLint recommended: eslint.config.mjs (made later too), what it imports, the installed eslint', async () => {
    await row({ '.vscode/extensions.json': ESLINT_REC, 'eslint.config.mjs': 'import p from "./tools/p.mjs";\nexport default [p];\n', 'tools/p.mjs': 'export default {};\n' }, ['eslint.config.mjs', 'tools/p.mjs', 'node_modules/eslint/lib/api.js']);
    await row({ '.vscode/extensions.json': '// recommended\n{ "recommendations": ["DBaeumer.vscode-eslint",], }\n' }, ['eslint.config.mjs', 'pkg/.eslintrc.js']);
  });

  it('Prettier named by settings.json (a language-scoped default formatter): .prettierrc.json and the plug-in it names', async () => {
    await row({ '.vscode/settings.json': JSON.stringify({ '[typescript]': { 'editor.defaultFormatter': 'esbenp.prettier-vscode' } }), '.prettierrc.json': JSON.stringify({ plugins: ['./tools/p.js'] }), 'tools/p.js': 'module.exports = {};\n' }, ['.prettierrc.json', 'tools/p.js', 'prettier.config.js']);
  });

  it('Tailwind recommended: tailwind.config.js and its plug-ins', async () => {
    await row({ '.vscode/extensions.json': JSON.stringify({ recommendations: ['bradlc.vscode-tailwindcss'] }), 'tailwind.config.js': 'module.exports = { content: ["./src/**/*.ts"], plugins: [require("./tools/tw.js")] };\n', 'tools/tw.js': 'module.exports = {};\n' }, ['tailwind.config.js', 'tools/tw.js']);
  });

  it('an extension setting of its own names it (eslint.validate, inert eslint.options), or a fix-on-save action', async () => {
    await row({ '.vscode/settings.json': JSON.stringify({ 'eslint.validate': ['typescript'], 'eslint.workingDirectories': [{ mode: 'auto' }], 'eslint.options': { extensions: ['.ts'] } }), 'eslint.config.js': 'module.exports = [];\n' }, ['eslint.config.js']);
    await row({ '.vscode/settings.json': JSON.stringify({ 'editor.codeActionsOnSave': { 'source.fixAll.eslint': 'explicit' } }) }, ['eslint.config.js', 'apps/web/eslint.config.mjs']);
  });

  // eslint.config.* and .prettierrc* are in the write gate's catalogue since R37-b3 (an extension installed in the editor
  // loads them whether or not the project names it): obeyed (test/permissions/obeyed.test.ts), so not rows here.
  it('no extension named: the configurations stay free', async () => {
    await row({ '.vscode/extensions.json': JSON.stringify({ recommendations: ['ms-python.python'] }), '.vscode/settings.json': '{"editor.tabSize": 2}' }, [], ['src/a.ts', 'tailwind.config.js']);
  });

  it.each([
    [{ 'prettier.prettierPath': './tools/fake' }, /prettier\.prettierPath/],
    [{ 'eslint.nodePath': 'tools' }, /eslint\.nodePath/],
    [{ 'eslint.options': { overrideConfigFile: 'x.js' } }, /eslint\.options/],
    [{ 'eslint.options': { rulePaths: ['tools/rules'] } }, /eslint\.options/],
    [{ 'eslint.runtime': './tools/node' }, /eslint\.runtime/],
    [{ 'tailwindCSS.experimental.configFile': 'tw.js' }, /configFile/],
  ])('%j: not modelled', async (settings, why) => {
    const verdict = await hookVerdict(place.next(), 'true', { 'package.json': PKG, '.vscode/settings.json': JSON.stringify(settings) });
    expect(verdict.unmodeled).toMatch(why);
  });

  it('settings.json codeward cannot read: not modelled', async () => {
    expect((await hookVerdict(place.next(), 'true', { '.vscode/settings.json': '{ "a": ' })).unmodeled).toMatch(/settings\.json/);
  });

  it('a workspace in no git repository: the same (the editor opens any folder)', async () => {
    const root = place.next();
    await writeFiles(root, { 'package.json': PKG, '.vscode/extensions.json': ESLINT_REC, 'src/a.ts': 'export {};\n' });
    const engine = await createEngine({ workspace: root, env: { HOME: place.home }, permissions: { home: place.home, yes: true } });
    try {
      expect(await engine.run({ cmd: 'write', args: { file: 'eslint.config.mjs', content: 'export default [];\n' } })).toMatchObject({ ok: false, error: { code: 'C241' } });
      expect(await engine.run({ cmd: 'write', args: { file: 'src/a.ts', content: 'export {};\n' } })).toMatchObject({ ok: true });
    } finally {
      await engine.close();
    }
  });
});
