// R46-5 (writable home, after-run check by path): with `sandboxWritable: ["~"]`, ~/.local/bin is bound read-only, but a
// run may rename ~/.local away (the mounts go with it) and make ~/.local/bin/tool again: the path existed before the
// run, so a check by path alone takes the new folder for the old one, and the person's next plain `tool` runs the run's
// program. The after-run check matches by identity: a remade obeyed path is new (moved aside).
// R46-8 (XDG_CONFIG_HOME outside the dot-paths): the person's programs read git's settings from
// $XDG_CONFIG_HOME/git/config; with it at ~/dots/config, a run appended core.fsmonitor (a program git runs) there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bareSuite, BARE_USABLE, HOST_PATH } from '../helpers/bare-cli.js';

const GIT_CONFIG = '[user]\n\tname = me\n';
// `codeward --yes exec --no-stage --cmd LINE` in h/ws, HOME=h with sandboxWritable ["~"], XDG_CONFIG_HOME=h/dots/config.
function run(base: string, line: string): string {
  const home = join(base, 'h');
  const env = { HOME: home, PATH: HOST_PATH, CODEWARD_STATE_DIR: join(base, 's'), XDG_CONFIG_HOME: join(home, 'dots', 'config') };
  const result = spawnSync(process.execPath, [CLI, '--yes', 'exec', '--no-stage', '--cmd', line], { cwd: join(home, 'ws'), env, encoding: 'utf8', timeout: 60_000 });
  return `${result.stdout}${result.stderr}`;
}

const suite = bareSuite('cw-rt46-home-', (base, outs) => {
  const home = join(base, 'h');
  mkdirSync(join(home, '.codeward'), { recursive: true });
  writeFileSync(join(home, '.codeward', 'config.json'), '{"sandboxWritable":["~"]}\n');
  mkdirSync(join(home, '.local', 'bin'), { recursive: true });
  writeFileSync(join(home, '.local', 'bin', 'mine'), '#!/bin/sh\necho mine\n', { mode: 0o755 });
  mkdirSync(join(home, 'dots', 'config', 'git'), { recursive: true });
  writeFileSync(join(home, 'dots', 'config', 'git', 'config'), GIT_CONFIG);
  spawnSync('git', ['init', '-q', join(home, 'ws')]);
  // Names split so no rule of the line reader reads them.
  writeFileSync(join(home, 'ws', 'remake.py'), [
    'import os',
    "h = os.path.expanduser('~')",
    "os.rename(os.path.join(h, '.lo' + 'cal'), os.path.join(h, '.lo' + 'cal-old'))",
    "os.makedirs(os.path.join(h, '.lo' + 'cal', 'b' + 'in'))",
    "with open(os.path.join(h, '.lo' + 'cal', 'b' + 'in', 'to' + 'ol'), 'w') as f:",
    "    f.write('#!/bin/sh\\ntouch /var/tmp/cw-rt46-remade-marker\\n')",
    "print('remade')",
    '',
  ].join('\n'));
  writeFileSync(join(home, 'ws', 'xdg.py'), [
    'import os',
    "h = os.path.expanduser('~')",
    "with open(os.path.join(h, 'dots', 'config', 'g' + 'it', 'con' + 'fig'), 'a') as f:",
    "    f.write('[core]\\n\\tfsmonitor = /var/tmp/cw-rt46-xdg-marker\\n')",
    "print('appended')",
    '',
  ].join('\n'));
  outs['remade'] = run(base, 'python3 remake.py');
  outs['xdg'] = run(base, 'python3 xdg.py');
}, { made: { workspaces: [] } });

describe.skipIf(!BARE_USABLE)('R46-5/R46-8: a sandboxWritable home, obeyed paths remade or named by XDG_CONFIG_HOME', () => {
  it('R46-5: ~/.local/bin remade after renaming ~/.local away is not left where the next plain command runs it', () => {
    const home = join(suite.base(), 'h');
    expect(suite.outs['remade']).not.toContain('Traceback (most recent call last)\n  File "remake.py", line 3');
    expect(existsSync(join(home, '.local', 'bin', 'tool'))).toBe(false);
  });
  it('R46-8: git/config under XDG_CONFIG_HOME (~/dots/config) is obeyed like ~/.config: not changed in place', () => {
    const home = join(suite.base(), 'h');
    const at = join(home, 'dots', 'config', 'git', 'config');
    expect(existsSync(at) ? readFileSync(at, 'utf8') : '').not.toContain('fsmonitor');
  });
});
