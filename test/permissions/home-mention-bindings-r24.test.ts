// spell27's LEFT for red team R24-3 (home-mention-bindings.ts): a generic home configuration file naming the
// workspace through a variable set on another line (`P=~/proj` then `$P/tools/x.py`), or the home through one
// (`home = os.environ["HOME"]` then `join(home, "app", ...)`, `H=$HOME` then `$H/proj/...`), names the workspace
// file it runs; writing it under --yes asks. The root named alone (in a variable too) still names nothing.
import { describe, expect, test } from 'vitest';
import { mentionWriter } from './home-mention-written.js';

// The write of `file` under --yes, the workspace at ~/`rel`, the home file `at` holding `text(workspace path)`.
const written = mentionWriter('s28-bind-');

const CONFIG = '.config/tool/config';
const IPY = '.ipython/profile_default/startup/00-x.py';

describe('a root or the home bound to a variable, used on another line', () => {
  test.each([
    ['P=~/proj NL $P/tools/x.py', CONFIG, () => 'P=~/proj\nrun = $P/tools/x.py\n', 'proj'],
    ['export P="$HOME/proj" NL "${P}/tools/x.py"', CONFIG, () => 'export P="$HOME/proj"\ncmd "${P}/tools/x.py"\n', 'proj'],
    ['P=<absolute root> NL "$P"/tools/x.py', CONFIG, (ws: string) => `P=${ws}\ncmd "$P"/tools/x.py\n`, 'proj'],
    ['fish: set -gx P ~/proj NL source $P/tools/x.py', '.config/tool/env.fish', () => 'set -gx P ~/proj\nsource $P/tools/x.py\n', 'proj'],
    ['a subfolder: T=~/proj/tools NL $T/x.py', CONFIG, () => 'T=~/proj/tools\nrun $T/x.py\n', 'proj'],
    ['make: P := ~/proj NL $(P)/tools/x.py', CONFIG, () => 'P := ~/proj\nall:\n\t$(P)/tools/x.py\n', 'proj'],
    ['python: P = expanduser("~/proj") NL join(P, "tools", "x.py")', IPY, () => 'import os\nP = os.path.expanduser("~/proj")\nexec(open(os.path.join(P, "tools", "x.py")).read())\n', 'proj'],
    ['python f-string: P = "~/proj" NL f"{P}/tools/x.py"', IPY, () => 'P = "~/proj"\nexec(open(f"{P}/tools/x.py").read())\n', 'proj'],
    ['control (held: the words rule): H=$HOME NL $H/proj/tools/x.py', CONFIG, () => 'H=$HOME\nrun $H/proj/tools/x.py\n', 'proj'],
    ['a common name: home = os.environ["HOME"] NL join(home, "app", "tools", "x.py")', IPY, () => 'import os\nhome = os.environ["HOME"]\nexec(open(os.path.join(home, "app", "tools", "x.py")).read())\n', 'app'],
    ['a common name: H = Path.home() NL H / "app" / "tools"', IPY, () => 'from pathlib import Path\nH = Path.home()\nexec((H / "app" / "tools" / "x.py").read_text())\n', 'app'],
    ['a common name: H=$HOME NL $H/app/tools/x.py', CONFIG, () => 'H=$HOME\nrun $H/app/tools/x.py\n', 'app'],
    // spell29: spell28's trigger had `home()` but not ruby's `Dir.home` (no file with only it was searched again).
    ['ruby: H = Dir.home NL "#{H}/app/tools/x.py"', CONFIG, () => 'H = Dir.home\nload "#{H}/app/tools/x.py"\n', 'app'],
  ])('%s: writing tools/x.py asks', async (_label, at, text, rel) => {
    expect(await written(at, text, 'tools/x.py', rel)).toBe('C241');
  }, 60_000);
});

describe('what stays free', () => {
  test.each([
    ['~/.claude.json: the root as a key and a "cwd" value', '.claude.json', (ws: string) => `{"projects": {"${ws}": {"allowedTools": [], "cwd": "${ws}"}}}\n`, 'proj'],
    ['P=~/proj used alone (cd $P)', CONFIG, () => 'P=~/proj\nalias p="cd $P"\n', 'proj'],
    ['a rustup override of the root', '.rustup/settings.toml', (ws: string) => `version = "12"\n[overrides]\n"${ws}" = "stable"\n`, 'proj'],
    ['~/app: home = os.environ["HOME"] without app', IPY, () => 'import os\nhome = os.environ["HOME"]\nprint(home, "x")\nos.path.join(home, "apps", "y")\n', 'app'],
    ['~/app: H=$HOME NL $H/application/x', CONFIG, () => 'H=$HOME\nrun $H/application/x\n', 'app'],
    ['P=~/proj NL $PX/tools/x (another variable)', CONFIG, () => 'P=~/proj\nrun $PX/tools/x.py\n', 'proj'],
  ])('%s: writing src/b.py is free', async (_label, at, text, rel) => {
    expect(await written(at, text, 'src/b.py', rel)).toBe('ok');
  }, 60_000);

  test('P=~/proj NL $P/tools/x.py: another file (src/b.py) is free', async () => {
    expect(await written(CONFIG, () => 'P=~/proj\nrun = $P/tools/x.py\n', 'src/b.py')).toBe('ok');
  }, 60_000);
});
