// R37-a1 — MAJOR — `--sandbox off`'s jail hides a home's credential CATALOGUE only (write-jail-hidden.ts jailSecrets:
// HOME_SECRETS joined to each home); everything else in a home is shown, the non-accessible globs included: another
// project's `.env`, a `*.pem` in ~/Downloads, a private key kept outside ~/.ssh, tools the list does not name yet
// (~/.pulumi/credentials.json, fish's history, VS Code's state). The default-deny view shows none of a home but its
// toolchain folders; R34-2's own spelling (`grep -r x ~`) prints them again under --sandbox off --yes.
//
// Reproduction (integ 6925500c, root, bwrap 0.8; workspace /var/tmp/cw-rt37a-w, HOME=/var/tmp/cw-rt37a-home):
//   $ HOME=$H codeward --sandbox off --yes exec --cmd 'grep -r "" "$HOME"'
//   /var/tmp/cw-rt37a-home/.pulumi/credentials.json:{"accessTokens":{"x":"PULUMI_TOK"}}
//   /var/tmp/cw-rt37a-home/Downloads/server.pem:HOME_DL_PEM
//   /var/tmp/cw-rt37a-home/.local/share/fish/fish_history:- cmd: export GH_TOKEN=FISH_HIST
//   /var/tmp/cw-rt37a-home/proj/.env:TOKEN=HOME_PROJ_ENV
//   /var/tmp/cw-rt37a-home/keys/id_ed25519:HOME_KEYS_ED
//   [exit 0]                                     (control held: ~/.ssh/id_rsa is empty)
//   $ codeward --sandbox off --yes exec --cmd 'cat "$(cat p.txt)"'   (p.txt names ~/proj/.env) -> TOKEN=HOME_PROJ_ENV
//   The same outside homes: a sibling project's .env (/var/tmp/SIB/.env, /srv/app/.env) through `cat "$(cat p.txt)"`; the
//   parse refuses the literal spelling (C211 for `grep -r "" /var/tmp/cw-rt37a-sib`), the jail shows the file.
// Expected: what the default-deny view hides in a home stays hidden in the jail: a home is shown as the sandbox shows
// it (its toolchain folders, the non-accessible globs applied inside them), not "everything minus a list".
// ONE place for the class fix: view-whole-root.ts (the jail's only difference from the sandbox): every home-shaped
// folder (home-folders.ts, $HOME, the account's home) gets the default-deny home view (view.ts / home-shown.ts) in place
// of the whole root's, instead of jailSecrets' catalogue list; for folders outside homes the same file must decide
// whether the whole root stays "everything minus a list" (then the non-accessible globs have no reach there: a lead's
// design call, the sandbox answers it by not showing siblings at all).
// FIXED (fix40): view-whole-root.ts wholeRoot(homes): every home (home-folders.ts, $HOME, the account's: jailHomes) is an
// empty read-only folder with what the default-deny view shows in it bound back by bwrap.ts's own shownArgs (toolchain
// folders with their catalogue and the non-accessible globs hidden, PATH folders, sandboxReadable), then the workspace
// and the writable folders. Rows added: a toolchain folder in the home is still shown; a workspace INSIDE the home
// (the usual layout) runs, its files shown, the home's other projects not. The sibling row OUTSIDE every home is the
// lead's documented trade (the root stays whole read-only there: docs/security-model.md): skipped, named.
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const FILES: Record<string, string> = {
  'proj/.env': 'TOKEN=HOME_PROJ_ENV_R37',
  'keys/id_ed25519': 'HOME_KEYS_ED_R37',
  'Downloads/server.pem': 'HOME_DL_PEM_R37',
  '.pulumi/credentials.json': '{"accessTokens":{"x":"PULUMI_TOK_R37"}}',
  '.local/share/fish/fish_history': '- cmd: export GH_TOKEN=FISH_HIST_R37',
  '.ssh/id_rsa': 'CONTROL_SSH_R37',
};
const SHOWN = { '.cargo/bin/tool': 'SHOWN_TOOL_R37', 'code/ws/mine.txt': 'MINE_IN_HOME_R37' };

let base: string;
let printed = '';
let sibling = '';
let inside = '';
beforeAll(async () => {
  // Under /var/tmp: the jail's /tmp is private.
  base = await mkdtemp('/var/tmp/cw-rt37a-home-');
  const home = join(base, 'home'), root = join(base, 'ws');
  mkdirSync(root);
  mkdirSync(join(base, 'sib'));
  writeFileSync(join(base, 'sib', '.env'), 'API_KEY=SIBLING_ENV_R37\n');
  writeFileSync(join(root, 'p.txt'), `${join(base, 'sib', '.env')}\n`);
  for (const [rel, text] of Object.entries({ ...FILES, ...SHOWN })) {
    mkdirSync(join(home, rel, '..'), { recursive: true });
    writeFileSync(join(home, rel), `${text}\n`);
  }
  if (!bwrapWorks) return;
  // The run's $HOME is the process's (the setup file's home otherwise); the setup file puts the environment back.
  vi.stubEnv('HOME', home);
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, 'state') }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    printed = JSON.stringify(await engine.run({ cmd: 'exec', args: { cmd: 'grep -r "" "$HOME"' } }));
    // A sibling project outside every home (/srv, /opt, /var/tmp ...): its .env through a path known at run time.
    sibling = JSON.stringify(await engine.run({ cmd: 'exec', args: { cmd: 'cat "$(cat p.txt)"' } }));
  } finally {
    await engine.close();
  }
  // The usual layout: the workspace inside the home.
  const inHome = await createEngine({ workspace: join(home, 'code', 'ws'), env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, 'state2') }, sandbox: { mode: 'off' as const }, permissions: { home, yes: true } });
  try {
    inside = JSON.stringify(await inHome.run({ cmd: 'exec', args: { cmd: 'cat mine.txt; cat "$HOME/.cargo/bin/tool"; grep -r "" "$HOME/proj"; echo x > new.txt && cat new.txt' } }));
  } finally {
    await inHome.close();
  }
}, 60_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!bwrapWorks)('R37-a1 MAJOR: --sandbox off --yes `grep -r "" "$HOME"` prints what the sandbox hides in a home', () => {
  it('control: the command ran, and the catalogue (~/.ssh/id_rsa) is hidden', () => {
    expect(printed).toContain('"exitCode"');
    expect(printed).not.toContain('CONTROL_SSH_R37');
  });
  it.each(Object.entries(FILES).filter(([rel]) => rel !== '.ssh/id_rsa'))('~/%s is not printed', (_rel, text) => {
    expect(printed).not.toContain(text.replace(/^.*?(\w+_R37).*$/, '$1'));
  });
  it('a toolchain folder of the home stays shown (as the sandbox shows it)', () => {
    expect(printed).toContain('SHOWN_TOOL_R37');
  });
  it('a workspace inside the home: its files read and written, the toolchain shown, the home\'s other project not', () => {
    expect(inside).toContain('"exitCode":0');
    expect(inside).toContain('MINE_IN_HOME_R37');
    expect(inside).toContain('SHOWN_TOOL_R37');
    expect(inside).not.toContain('HOME_PROJ_ENV_R37');
    expect(inside).toMatch(/x\\n/);
  });
  // The lead's design call: outside homes the root stays whole read-only (documented trade, docs/security-model.md).
  it.skip('a sibling project\'s .env (outside every home) is not printed by `cat "$(cat p.txt)"`', () => {
    expect(sibling).toContain('"exitCode"');
    expect(sibling).not.toContain('SIBLING_ENV_R37');
  });
});
