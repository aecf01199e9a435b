// Red team round 22b, R22b-2 (class R21-9, a bound that stops silently; R7-13's dotfiles-repository secrets): the
// sandbox's and the read jail's "where the home's secrets really are" (src/sandbox/home-secrets.ts) is the same
// home scan as R22b-1 (home-links.ts homeLinksInto) over HOME_SECRETS with SECRET_LINK_DEPTH 2 and the shared
// MAX_FOLDERS 400 budget. A home whose earlier secret folders are large (a `pass` store with a folder per site;
// browser profiles: .mozilla, .config/google-chrome are on the list) uses the budget up, and a stow link further
// down the list (`~/.config/sops/age/keys.txt -> dotfiles/sec/age.txt`) is never seen: the workspace file that IS
// the user's age key is then printed by `codeward read` and by a sandboxed `cat` (no --yes, no rule: read-only). A secret
// three folders below its listed folder (gcloud's real `legacy_credentials/ACCOUNT/adc.json`) is past the depth.
// With a small home the same file is not accessible (the controls).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeRun, type Home } from '../permissions/home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('rt22b-secret-');
});
afterAll(async () => {
  await removeDir(base);
});

const KEY = 'AGE-SECRET-KEY-1RT22BRT22BRT22B';
const sites = Array.from({ length: 450 }, (_, index) => `.password-store/site${index}`);
const printed = async (home: Home, args: readonly string[]): Promise<boolean> => JSON.stringify((await homeRun(base, home, { 'sec/key.txt': `${KEY}\n` }, args, false)).json).includes(KEY);
const sops: Home = { folders: sites, links: { '.config/sops/age/keys.txt': 'sec/key.txt' } };

describe('R22b-2: the home secrets scan stops silently at its bounds', () => {
  test('read of the age key a large home links to is refused', async () => {
    expect(await printed(sops, ['read', '--path', 'sec/key.txt'])).toBe(false);
  }, 60_000);

  test('a sandboxed cat of the age key a large home links to does not print it', async () => {
    expect(await printed(sops, ['exec', '--cmd', 'cat sec/key.txt'])).toBe(false);
  }, 60_000);

  test('read of ~/.config/gcloud/legacy_credentials/me/adc.json -> sec/key.txt is refused', async () => {
    expect(await printed({ links: { '.config/gcloud/legacy_credentials/me/adc.json': 'sec/key.txt' } }, ['read', '--path', 'sec/key.txt'])).toBe(false);
  }, 60_000);

  test('control (held): with a small home the age key is not readable', async () => {
    expect(await printed({ links: { '.config/sops/age/keys.txt': 'sec/key.txt' } }, ['read', '--path', 'sec/key.txt'])).toBe(false);
  }, 60_000);

  test('control (held): ~/.config/gcloud/x/adc.json (two levels) is not readable', async () => {
    expect(await printed({ links: { '.config/gcloud/x/adc.json': 'sec/key.txt' } }, ['read', '--path', 'sec/key.txt'])).toBe(false);
  }, 60_000);
});
