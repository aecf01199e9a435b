// Red team round 21, R21-7 (class: .vscode variants, .tflint.hcl, launchSettings.json): codeward counts these files
// as obeyed (writing .vscode/tasks.json, .vscode/settings.json, *.code-workspace, .tflint.hcl or
// Properties/launchSettings.json asks), but the programs they name are written unasked under --yes: a task that
// runs on folder open (`"runOptions":{"runOn":"folderOpen"}`: VS Code runs it when the person opens the folder),
// the Python interpreter and terminal profile the editor starts, tflint's plugin_dir, a launch profile's executable.
// One write gate: what an obeyed file names is obeyed too (or the whole tree asks, like an unmodelled setting).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';

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
});
