// env31 (round 28 LEFT, "twine/keyring"): what do they write? python keyring's CLI `keyring set SERVICE USER`
// and `keyring del` change a credential in the person's keyring (the store pip's index logins and twine's uploads
// read), `keyring --disable` writes keyringrc.cfg in the person's configuration folder (the backend every later
// keyring call loads, with `keyring-path` a folder its module is imported from): the person's own tool
// configuration, written by a verb, like `pip config set`. They ask under `allow *` (also as `python3 -m
// keyring`, and with argparse's prefixes `--dis`); `keyring get`, `--list-backends`, `diagnose` and every twine
// call stay ordinary (twine reads ~/.pypirc and the keyring, never writes them: checked in twine's sources).
import { describe } from 'vitest';
import { immunityBox, immunityCases } from './immune-cases.js';

const box = immunityBox({ 'a.txt': 'a\n' });

describe('keyring writers are the person\'s own configuration (tool-config-write)', () => {
  immunityCases(
    box,
    [
      ['tool-config-write', 'keyring set https://upload.pypi.org/legacy/ __token__'],
      ['tool-config-write', 'keyring del pypi me'],
      ['tool-config-write', 'keyring -b keyrings.alt.file.PlaintextKeyring set pypi me'],
      ['tool-config-write', 'keyring --disable'],
      ['tool-config-write', 'keyring --dis'],
      ['tool-config-write', 'python3 -m keyring set pypi me'],
      ['tool-config-write', 'echo tok | keyring set pypi me'],
    ],
    ['keyring get pypi me', 'keyring --list-backends', 'keyring diagnose', 'twine check dist/*', 'twine upload --repository-url http://127.0.0.1:1/ dist/x.whl'],
  );
});
