// (Copied from h-rt24's test/redteam24; spell27 adds the shell spellings, a deeper workspace and the friction controls.)
// Red team round 24, R24-3 (homenames25's one ripgrep search of the home's dot-files for the workspace's path,
// src/permissions/home-mention-*.ts): the search knows the spellings `/abs`, `~/`, `$HOME/`, `${HOME}/`, `%h/`, but a
// configuration file names a path in the language it is written in. IPython runs every file of
// ~/.ipython/profile_default/startup at each start; one that joins the home with the project's folder as parts
// (`os.path.join(os.path.expanduser("~"), "proj", "tools", "x.py")`, `Path.home() / "proj" / "tools" / "x.py"`:
// checked with python3, both run the file) and VS Code's settings.json with a JSON-escaped path
// (`"\/home\/u\/proj\/tools\/py"` is `/home/u/proj/tools/py` to every JSON reader; PHP's json_encode and many
// settings-sync tools write it so) name a workspace file that is then written under --yes, unasked. The plain
// spellings ask (controls).
import { describe, expect, test } from 'vitest';
import { mentionWriter } from './home-mention-written.js';

// The write of `file` under --yes, the workspace at ~/`rel`, the home file `at` holding `text(workspace path)`.
const written = mentionWriter('rt24-mention-');

const STARTUP = '.ipython/profile_default/startup/00-proj.py';
const SETTINGS = '.config/Code/User/settings.json';
const jsonEscaped = (path: string): string => path.replaceAll('/', '\\/');

describe('R24-3: a home configuration naming a workspace file in its own language', () => {
  test('IPython startup: os.path.join(os.path.expanduser("~"), "proj", "tools", "x.py"): writing tools/x.py asks', async () => {
    expect(await written(STARTUP, () => 'import os\nexec(open(os.path.join(os.path.expanduser("~"), "proj", "tools", "x.py")).read())\n', 'tools/x.py')).toBe('C241');
  }, 60_000);

  test('IPython startup: Path.home() / "proj" / "tools" / "x.py": writing tools/x.py asks', async () => {
    expect(await written(STARTUP, () => 'from pathlib import Path\nexec((Path.home() / "proj" / "tools" / "x.py").read_text())\n', 'tools/x.py')).toBe('C241');
  }, 60_000);

  test('VS Code settings.json: a JSON-escaped absolute interpreter path: writing tools/py asks', async () => {
    expect(await written(SETTINGS, (ws) => `{"python.defaultInterpreterPath": "${jsonEscaped(`${ws}/tools/py`)}"}\n`, 'tools/py')).toBe('C241');
  }, 60_000);

  test('control (held): IPython startup: os.path.expanduser("~/proj/tools/x.py") asks', async () => {
    expect(await written(STARTUP, () => 'import os\nexec(open(os.path.expanduser("~/proj/tools/x.py")).read())\n', 'tools/x.py')).toBe('C241');
  }, 60_000);

  test('control (held): VS Code settings.json: the plain absolute interpreter path asks', async () => {
    expect(await written(SETTINGS, (ws) => `{"python.defaultInterpreterPath": "${ws}/tools/py"}\n`, 'tools/py')).toBe('C241');
  }, 60_000);
});

const CONFIG = '.config/tool/config';

describe('R24-3: shell spellings of the workspace in a generic dot-file', () => {
  test.each([
    ['"$HOME"/proj/tools/x.py', 'run = "$HOME"/proj/tools/x.py\n'],
    ['${HOME:-/x}/proj/tools/x.py', 'run = ${HOME:-/x}/proj/tools/x.py\n'],
    ['$HOME/./proj/tools/x.py', 'run = $HOME/./proj/tools/x.py\n'],
    ['~//proj/tools/x.py', 'run = ~//proj/tools/x.py\n'],
    ['a \\-continued $HOME/pr\\ NL oj/tools/x.py', 'run = $HOME/pr\\\noj/tools/x.py\n'],
    ['$XDG_CONFIG_HOME/../proj/tools/x.py', 'run = $XDG_CONFIG_HOME/../proj/tools/x.py\n'],
  ])('%s: writing tools/x.py asks', async (_label, text) => {
    expect(await written(CONFIG, () => text, 'tools/x.py')).toBe('C241');
  }, 60_000);

  test('a workspace at ~/work/proj: os.path.join(home, "work", "proj", "tools", "x.py") asks', async () => {
    expect(await written(CONFIG, () => 'import os\nhome = os.environ["HOME"]\nexec(open(os.path.join(home, "work", "proj", "tools", "x.py")).read())\n', 'tools/x.py', 'work/proj')).toBe('C241');
  }, 60_000);

  test('a common name (~/app): "$HOME"/app/tools/x.py asks', async () => {
    expect(await written(CONFIG, () => 'run = "$HOME"/app/tools/x.py\n', 'tools/x.py', 'app')).toBe('C241');
  }, 60_000);
});

// Friction: the workspace's folder named alone, or a common name without the home, leaves other files free.
describe('R24-3: what stays free', () => {
  test.each([
    ['~/.claude.json naming the root alone', '.claude.json', (ws: string) => `{"projects": {"${ws}": {"allowedTools": []}}}\n`, 'proj'],
    ['a config naming ~/proj and $HOME/proj alone', CONFIG, () => 'dir = ~/proj\nother = "$HOME/proj"\n', 'proj'],
    ['~/app with ${workspaceFolder}/app/dist in settings.json', SETTINGS, () => '{"files.exclude": {"${workspaceFolder}/app/dist": true}}\n', 'app'],
    ['~/src with /usr/src/linux/scripts in a config', CONFIG, () => 'kernel = "/usr/src/linux/scripts"\n', 'src'],
  ])('%s: writing src/b.py is free', async (_label, at, text, rel) => {
    expect(await written(at, text, 'src/b.py', rel)).toBe('ok');
  }, 60_000);
});
