// fix73's LEFT (fix83): GnuPG reads its settings files from its home folder (`--homedir DIR`, GNUPGHOME=DIR): gpg.conf
// (agent-program, dirmngr-program, photo-viewer, exec-path), gpg-agent.conf (pinentry-program, scdaemon-program) and
// dirmngr.conf. The program options were read on gpg's words only (fix73), so a planted g/gpg.conf naming a workspace
// script ran it with no ask: `codeward --yes exec --no-stage 'gpg --homedir ./g --card-status'` (gpg starts the agent
// it names) removed sub/ in place. Checked by hand: gpg 2.2.40 runs `agent-program` for --card-status and
// --list-secret-keys. Fix: permissions/gpg-home.ts reads those files as ssh-config.ts reads ssh's (one reader,
// settings-file-read.ts); a home whose files name no program is an ordinary gpg.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachAsks, inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { explain, policyWith, sandbox, type Sandbox } from '../permissions/helpers.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const EVIL = '#!/bin/sh\nrm -rf ROOT/sub\nexit 1\n';

describe.skipIf(!bwrapWorks)('fix83: a gpg home\'s settings files run what they name', { timeout: 120_000 }, () => {
  eachAsks([
    'gpg --homedir ./g --batch --card-status',
    'gpg --homedir=g --batch --card-status',
    'GNUPGHOME=./g gpg --batch --card-status',
    'export GNUPGHOME=g; gpg --batch --card-status',
    'env GNUPGHOME=g gpg --batch --card-status',
  ], (line) => run(line, { 'evil.sh': EVIL, 'g/gpg.conf': 'agent-program ROOT/evil.sh\n' }));
  it('control: a home whose gpg.conf names no program runs', async () => {
    expect(await run('gpg --homedir ./g --batch -k', { 'g/gpg.conf': 'keyserver hkps://keys.openpgp.org\n' })).toBe('ran');
  });
  it('gpg-agent.conf\'s scdaemon-program asks too', async () => {
    expect(await run('gpg --homedir ./g --batch --card-status', { 'evil.sh': EVIL, 'g/gpg-agent.conf': 'scdaemon-program ROOT/evil.sh\n' })).toBe('C241');
  });
});

const DENY = ['deny @coder exec git push*', 'allow @coder exec *'];
let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  for (const [dir, name, text] of [
    ['g', 'gpg.conf', 'agent-program git push origin main\n'],
    ['v', 'gpg.conf', '# a photo viewer\n  photo-viewer "git push origin main"\n'],
    ['e', 'gpg.conf', 'exec-path ./bin\n'],
    ['a', 'gpg-agent.conf', 'pinentry-program /usr/bin/git\n'],
    ['d', 'dirmngr.conf', 'ldap-wrapper-program ./w\n'],
    ['q', 'gpg.conf', '"agent-program" x\n'],
    ['plain', 'gpg.conf', 'keyserver hkps://keys.openpgp.org\nuse-agent\n# agent-program is a comment\n'],
  ]) {
    mkdirSync(join(box.root, dir!), { recursive: true });
    writeFileSync(join(box.root, dir!, name!), text!);
    chmodSync(join(box.root, dir!), 0o700);
  }
});
afterAll(async () => box.cleanup());
const decide = async (line: string): Promise<string> => (await explain(await policyWith(box, DENY), `@coder exec ${line}`)).decision;

describe('fix83: a gpg home whose settings name a program is not an ordinary gpg', () => {
  it.each([
    'gpg --homedir g --list-keys',
    'gpg --homedir=g -k',
    'gpg2 --homedir ./g -k',
    'GNUPGHOME=g gpg -k',
    'GNUPGHOME=./v gpg -k',
    'gpg --homedir e -k',
    'gpg --homedir a -k',
    'gpg --homedir d --recv-keys 0x1',
    'gpg --homedir q -k',
    'gpg-connect-agent --homedir a /bye',
    'gpgconf --homedir a --launch gpg-agent',
    'gpgsm --homedir a -k',
    'gpg-agent --homedir a --daemon',
    'gpg --homedir "$H" -k',
    'gpg --homedir g --homedir plain -k',
    'gpg --homedir plain --photo-viewer \'"$GPG_HOME_SETTINGS"\' -k',
    'gpg --homedir plain -k; git push',
  ])('deny git push*: `%s` is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });
  it.each(['gpg --homedir plain -k', 'GNUPGHOME=plain gpg -k', 'gpg --homedir missing -k', 'gpg -k', 'gpg --homed plain -k'])('`%s` is an ordinary gpg (allowed)', async (line) => {
    expect(await decide(line)).toBe('allow');
  });
});
