// Red team R6-9 from the attacker's side: with an anchored hidden-files glob (`config/private/**`), a run in
// place renamed the folder above the hidden one (`mv config config3`) and `read config3/private/db.txt`
// printed the secret. The folder is moved back after the run (sandbox/hidden-moves.ts). Real binary, bwrap.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bwrapWorks } from '../shell/stage-helpers.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let home: string;
let ws: string;
beforeEach(async () => {
  home = await tempDir('codeward-hidden-moves-home-');
  ws = await tempDir('codeward-hidden-moves-');
  await writeFiles(home, { '.codeward/config.json': JSON.stringify({ nonAccessibleGlobs: ['**/.env', 'config/private/**', 'deploy/keys'] }) });
  await writeFiles(ws, { 'config/private/db.txt': 'DBPASS=xyz\n', 'config/app.txt': 'ok\n', 'deploy/keys/id': 'KEY\n', 'deploy/run.sh': 'x\n' });
});
afterEach(async () => {
  await removeDir(home);
  await removeDir(ws);
});

const cli = (args: string[]) => runCli(['-C', ws, '--json', ...args], { env: { HOME: home, CODEWARD_STATE_DIR: join(home, '.state') } });

describe.skipIf(!bwrapWorks)('a run in place that renames a folder above a hidden one', () => {
  it('the folder is moved back, named in the warnings, and the secret stays unreadable', () => {
    const run = cli(['exec', '--no-stage', '--cmd', 'mv config config3 && mkdir config && echo mine > config/new.txt && mv deploy d2']);
    expect(run.json, run.stdout + run.stderr).toMatchObject({ ok: true });
    const text = JSON.stringify(run.json);
    expect(text).toContain('moved config to config3');
    expect(text).toContain('moved deploy to d2');
    expect(readFileSync(join(ws, 'config/private/db.txt'), 'utf8')).toBe('DBPASS=xyz\n');
    expect(readFileSync(join(ws, 'deploy/keys/id'), 'utf8')).toBe('KEY\n');
    expect(existsSync(join(ws, 'config3'))).toBe(false);
    expect(existsSync(join(ws, 'd2'))).toBe(false);
    expect(cli(['read', '--file', 'config/private/db.txt']).json).toMatchObject({ ok: false, error: { code: 'C211' } });
  });

  it('a run that leaves the folders where they are is not touched', () => {
    const run = cli(['exec', '--no-stage', '--cmd', 'echo more >> config/app.txt && mkdir config/other']);
    expect(run.json).toMatchObject({ ok: true });
    expect(JSON.stringify(run.json)).not.toContain('moved back');
    expect(readFileSync(join(ws, 'config/app.txt'), 'utf8')).toBe('ok\nmore\n');
  });
});
