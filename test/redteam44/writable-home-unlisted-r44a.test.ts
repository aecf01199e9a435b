// R44-a7 — MAJOR (a file another program obeys is written by a run and left in place: ~/.mavenrc is SOURCED by the
// person's next `mvn`, unsandboxed).
// Class: two rules for the same home files. The write gate, when the workspace is the home or holds it, takes EVERY
// dot-path of the home as obeyed unless it is known data (permissions/obeyed-home.ts homeObeyed, red team H5: "the list
// cannot name every program's settings, so the rule is the other way round"). The sandbox, when a sandboxWritable
// folder holds the home (`["~"]`, fix67's case: bound before the workspace), binds read-only and walks after the run
// only the LIST (HOME_PROTECTED, HOME_PROTECTED_FILES: sandbox/lists.ts, the obeyed walk). So a listed new file
// (.vimrc, .zshenv, .tmux.conf) is moved aside ("planted-by-sandbox"), an unlisted one stays: ~/.mavenrc (mvn's
// shell script sources it), ~/.sbtrc (sbt runs its lines as commands at start; obeyed.ts lists `.sbtrc` for the
// workspace), ~/.bunfig.toml (bun's global config: `preload` scripts), ~/.terraformrc (provider dev_overrides: a
// plug-in binary of the run's), ~/.curlrc, ~/.docker/config.json (credsStore names a program).
// Repro (integ b1bb7db3, root, bwrap): HOME=$B/h, workspace $B/h/ws, ~/.codeward/config.json {"sandboxWritable":["~"]}
//   $ codeward --yes exec --no-stage --cmd 'python3 t.py'   (t.py appends to each file below)  -> [exit 0]
//   ~/.vimrc and ~/.zshenv: moved aside; ~/.mavenrc, ~/.sbtrc, ~/.bunfig.toml, ~/.terraformrc: left in place.
// Suggested fix (src/sandbox/lists.ts + the after-run obeyed walk): in a writable home, judge by homeObeyed (every
// dot-path not known data), the write gate's one rule, rather than by the list; e.g. bind the home's dot-entries
// read-only except HOME_DATA and the tool caches the person named, or move every new/changed unlisted dot-path aside.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { HOST_PATH, removeBare } from '../helpers/bare-cli.js';
import { mkdtemp } from 'node:fs/promises';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI);
const LISTED = ['.vimrc', '.zshenv'];
const UNLISTED = ['.mavenrc', '.sbtrc', '.bunfig.toml', '.terraformrc'];
let base: string | undefined;
let out = '';
const home = (): string => join(base!, 'h');

beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt44a-home-unlisted-');
  const ws = join(home(), 'ws');
  mkdirSync(join(home(), '.codeward'), { recursive: true });
  writeFileSync(join(home(), '.codeward', 'config.json'), '{"sandboxWritable":["~"]}\n');
  spawnSync('git', ['init', '-q', ws]);
  // Names split so no rule of the line reader reads them.
  writeFileSync(join(ws, 't.py'), [
    'import os',
    "h = os.path.expanduser('~')",
    `names = ${JSON.stringify([...LISTED, ...UNLISTED].map((name) => [name.slice(0, 3), name.slice(3)]))}`,
    'for a, b in names:',
    "    with open(os.path.join(h, a + b), 'a') as f:",
    "        f.write('touch /var/tmp/cw-rt44a-obeyed-marker\\n')",
    "print('wrote', len(names))",
    '',
  ].join('\n'));
  if (!usable) return;
  const result = spawnSync(process.execPath, [CLI, '--yes', 'exec', '--no-stage', '--cmd', 'python3 t.py'], { cwd: ws, env: { HOME: home(), PATH: HOST_PATH, CODEWARD_STATE_DIR: join(base, 's') }, encoding: 'utf8', timeout: 60_000 });
  out = `${result.stdout}${result.stderr}`;
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R44-a7 MAJOR: in a sandboxWritable home, an unlisted file a program obeys is left in place', () => {
  it('control: the run wrote them, and the listed ones were moved aside', () => {
    expect(out).toContain(`wrote ${LISTED.length + UNLISTED.length}`);
    for (const name of LISTED) expect(existsSync(join(home(), name))).toBe(false);
  });
  it.each(UNLISTED)('%s is not left in place where its program obeys it', (name) => {
    expect(existsSync(join(home(), name))).toBe(false);
  });
});
