// issue 26 (fix72's LEFT): the secret walk (secret-files.ts) lists every folder of the workspace and picks out each git
// config read refuses (walked-configs.ts), but a folder whose name is not UTF-8 is walked only when it holds a
// glob-matched secret or a credential store (spell()). A nested clone below one (`v\xff/lib/.git/config`, a token in its
// remote URL) was not listed: `cat v*/lib/.git/config` in a sandboxed run printed the token (read cannot name the path;
// a glob can). A git config holding a credential now counts in that folder's secret test: the folder is set aside to its
// UTF-8 spelling and its configs are filtered, as the other unnamed secrets are.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bareBase, bareCli, bareExec, removeBare } from '../helpers/bare-cli.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI);
const TOKEN = 'ghp_fix75NONUTF8TOKEN0123456789abcdef';
const CONFIG = `[core]\n\tbare = false\n[remote "origin"]\n\turl = https://alice:${TOKEN}@github.com/x/y\n`;
let base: string | undefined;
const outs: Record<string, string> = {};
beforeAll(async () => {
  base = await bareBase('cw-fix75-nonutf8-config-', { workspaces: ['ws', 'off'] });
  for (const ws of [join(base, 'ws'), join(base, 'off')]) made(ws);
  if (!usable) return;
  outs['sandbox'] = bareExec(base, 'cat v*/lib/.git/config; ls', true);
  outs['off'] = bareCli(base, ['--yes', '--sandbox', 'off', 'exec', '--cmd', 'cat v*/lib/.git/config'], { cwd: join(base, 'off') });
}, 120_000);
afterAll(() => removeBare(base));

function made(ws: string): void {
  // A nested clone below a non-UTF-8 folder (a git folder by its shape: HEAD and objects), and one whose config holds no credential.
  const folder = (name: string): Buffer => Buffer.concat([Buffer.from(`${ws}/${name}`), Buffer.from([0xff])]);
  for (const [name, text] of [['v', CONFIG], ['w', '[core]\n\tbare = false\n']] as const) {
    const clone = Buffer.concat([folder(name), Buffer.from('/lib')]);
    mkdirSync(clone, { recursive: true });
    mkdirSync(Buffer.concat([clone, Buffer.from('/.git')]), { recursive: true });
    writeFileSync(Buffer.concat([clone, Buffer.from('/.git/HEAD')]), 'ref: refs/heads/main\n');
    mkdirSync(Buffer.concat([clone, Buffer.from('/.git/objects')]), { recursive: true });
    writeFileSync(Buffer.concat([clone, Buffer.from('/.git/config')]), text);
  }
}

describe.skipIf(!usable)('a nested clone below a non-UTF-8 folder: its credential is not shown', () => {
  it('control: the run ran and read the config (the remote is there)', () => {
    expect(outs['sandbox']).toContain('[exit 0]');
    expect(outs['sandbox']).toContain('url = https://github.com/x/y');
  });
  it('the sandboxed run does not see the token', () => {
    expect(outs['sandbox']).not.toContain(TOKEN);
  });
  it("--sandbox off's jail does not show it either", () => {
    expect(outs['off']).not.toContain(TOKEN);
  });
});
