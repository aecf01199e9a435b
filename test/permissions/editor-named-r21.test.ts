// Red team round 21, R21-7 (class: .vscode variants, .tflint.hcl, launchSettings.json): codeward counts these files
// as obeyed (writing .vscode/tasks.json, .vscode/settings.json, *.code-workspace, .tflint.hcl or
// Properties/launchSettings.json asks), but the programs they name are written unasked under --yes: a task that
// runs on folder open (`"runOptions":{"runOn":"folderOpen"}`: VS Code runs it when the person opens the folder),
// the Python interpreter and terminal profile the editor starts, tflint's plugin_dir, a launch profile's executable.
// One write gate: what an obeyed file names is obeyed too (or the whole tree asks, like an unmodelled setting).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';
import { hookVerdict } from './hook-check.js';
import { join } from 'node:path';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-rt21-editor-');
});
afterAll(async () => removeDir(base));

const task = (body: string): string => `{"version":"2.0.0","tasks":[{"label":"x",${body},"runOptions":{"runOn":"folderOpen"}}]}`;

describe('R21-7: what an obeyed editor or tool file names', () => {
  it.each<[string, Record<string, string>, string]>([
    ['tasks.json shell task on folder open', { '.vscode/tasks.json': task('"type":"shell","command":"node tools/x"') }, 'tools/x.js'],
    ['tasks.json ./script on folder open', { '.vscode/tasks.json': task('"type":"shell","command":"./tools/x.sh"') }, 'tools/x.sh'],
    ['tasks.json process task', { '.vscode/tasks.json': task('"type":"process","command":"tools/x.sh"') }, 'tools/x.sh'],
    ['tasks.json linux command', { '.vscode/tasks.json': task('"type":"shell","command":"true","linux":{"command":"sh tools/x.sh"}') }, 'tools/x.sh'],
    ['tasks.json options.cwd', { '.vscode/tasks.json': task('"type":"shell","command":"sh x.sh","options":{"cwd":"${workspaceFolder}/tools"}') }, 'tools/x.sh'],
    ['a *.code-workspace tasks section', { 'x.code-workspace': `{"folders":[{"path":"."}],"tasks":${task('"type":"shell","command":"node tools/x"')}}` }, 'tools/x.js'],
    ['settings.json python.defaultInterpreterPath', { '.vscode/settings.json': '{"python.defaultInterpreterPath":"tools/py"}' }, 'tools/py'],
    ['settings.json terminal profile path', { '.vscode/settings.json': '{"terminal.integrated.profiles.linux":{"x":{"path":"${workspaceFolder}/tools/sh"}},"terminal.integrated.defaultProfile.linux":"x"}' }, 'tools/sh'],
    ['settings.json terminal env BASH_ENV', { '.vscode/settings.json': '{"terminal.integrated.env.linux":{"BASH_ENV":"${workspaceFolder}/tools/e.sh"}}' }, 'tools/e.sh'],
    ['.tflint.hcl plugin_dir', { '.tflint.hcl': 'config {\n  plugin_dir = "./tools/tfp"\n}\nplugin "x" {\n  enabled = true\n}\n', 'main.tf': '' }, 'tools/tfp/tflint-ruleset-x'],
    ['launchSettings.json executablePath', { 'Properties/launchSettings.json': '{"profiles":{"x":{"commandName":"Executable","executablePath":"tools/x"}}}', 'x.csproj': '<Project/>' }, 'tools/x'],
  ])('%s: the file it names asks', async (_name, files, file) => {
    expect(await cliWritten(base, files, file)).toBe('C241');
  });

  it('control (held): the files themselves ask, and an ordinary source stays free', async () => {
    expect(await cliWritten(base, {}, '.vscode/tasks.json')).toBe('C241');
    expect(await cliWritten(base, { '.vscode/tasks.json': task('"type":"shell","command":"node tools/x"') }, 'src/a.ts')).toBe('ok');
  });

  // The class (files22): read, not fallen back on (the walk names the file itself, unmodelled stays unset).
  it.each<[string, Record<string, string>, string]>([
    ['launch.json node program', { '.vscode/launch.json': '{"configurations":[{"type":"node","request":"launch","program":"${workspaceFolder}/tools/d.js"}]}' }, 'tools/d.js'],
    ['launch.json runtimeExecutable', { '.vscode/launch.json': '{"configurations":[{"type":"node","request":"launch","runtimeExecutable":"tools/rt","program":"a.js"}]}' }, 'tools/rt'],
    ['launch.json envFile NODE_OPTIONS', { '.vscode/launch.json': '{"configurations":[{"type":"node","request":"launch","program":"a.js","envFile":"${workspaceFolder}/.env.dev"}]}', '.env.dev': 'NODE_OPTIONS=--require ./tools/r.js\n' }, 'tools/r.js'],
    ['tasks.json npm task', { '.vscode/tasks.json': '{"version":"2.0.0","tasks":[{"type":"npm","script":"x"}]}', 'package.json': '{"scripts":{"x":"node tools/n.js"}}' }, 'tools/n.js'],
    ['tasks.json with comments and trailing commas', { '.vscode/tasks.json': '// x\n{"version":"2.0.0","tasks":[{"type":"shell","command":"sh tools/c.sh",},],}' }, 'tools/c.sh'],
    ['settings.json a program path of another extension', { '.vscode/settings.json': '{"clangd.path":"tools/clangd"}' }, 'tools/clangd'],
    ['settings.json jest command line', { '.vscode/settings.json': '{"jest.jestCommandLine":"node tools/j.js"}' }, 'tools/j.js'],
    ['launchSettings.json $(ProjectDir)', { 'app/Properties/launchSettings.json': '{"profiles":{"x":{"commandName":"Executable","executablePath":"$(ProjectDir)tools/x"}}}' }, 'app/tools/x'],
  ])('%s: the named file is obeyed', async (_name, files, file) => {
    const verdict = await hookVerdict(join(base, `v-${_name.replace(/\W+/g, '-')}`), 'true', files);
    expect(verdict.unmodeled).toBeUndefined();
    expect(verdict.files).toContain(join(verdict.root, file));
  });

  it.each<[string, Record<string, string>]>([
    ['a task naming ${env:X}', { '.vscode/tasks.json': '{"version":"2.0.0","tasks":[{"type":"shell","command":"${env:RUN} x"}]}' }],
    ['a task naming ${input:x}', { '.vscode/tasks.json': '{"version":"2.0.0","tasks":[{"type":"process","command":"${input:prog}"}]}' }],
    ['a terminal profile path from ${command:..}', { '.vscode/settings.json': '{"terminal.integrated.profiles.linux":{"x":{"path":"${command:x}"}}}' }],
    ['a tflint plugin_dir from a variable', { '.tflint.hcl': 'config {\n  plugin_dir = "${var.x}"\n}\n' }],
    ['a task type codeward does not model', { '.vscode/tasks.json': '{"version":"2.0.0","tasks":[{"type":"cargo","command":"build"}]}' }],
  ])('%s: fails closed, naming why', async (_name, files) => {
    const verdict = await hookVerdict(join(base, `u-${_name.replace(/\W+/g, '-')}`), 'true', files);
    expect(verdict.unmodeled).toBeDefined();
  });

  it('control: ordinary settings, tasks and terminal env keep sources free', async () => {
    const settings = '{"editor.fontSize":14,"python.analysis.extraPaths":["src"],"jest.rootPath":"src","terminal.integrated.env.linux":{"PATH":"${workspaceFolder}/node_modules/.bin:${env:PATH}"},"files.exclude":{"dist":true}}';
    const tasks = task('"type":"shell","command":"npm test"');
    const files = { '.vscode/settings.json': settings, '.vscode/tasks.json': tasks, 'package.json': '{"scripts":{"test":"vitest"}}' };
    const verdict = await hookVerdict(join(base, 'control-free'), 'true', files);
    expect(verdict.unmodeled).toBeUndefined();
    expect(await cliWritten(base, files, 'src/b.ts')).toBe('ok');
  });
});
