// Red team round 25, R25-5 (mention26's in-process mention reader, home-mention-text.ts: a file with a NUL in its
// first 8 KiB is "binary" and not searched; R24-18's ~/bin and PATH folders searched for mentions): a `#!/bin/sh`
// script in ~/bin or ~/.local/bin with a NUL byte on its second line and `. ~/proj/tools/env.sh` on its third.
// dash (Debian's /bin/sh) reads past the NUL: checked here, `PATH=$HOME/bin:$PATH deploy` ran tools/env.sh (bash
// refuses a script with a NUL in its first line(s): `#!/bin/bash` is not filed; its `source` of such a file does
// read it: checked). Today tools/env.sh is written under --yes: the person's next `deploy` runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base = '';
beforeAll(async () => {
  base = await tempDir('cw-r25-nul-');
});
afterAll(async () => removeDir(base));

const NUL_SCRIPT = '#!/bin/sh\n\0\n. ~/proj/tools/env.sh\n';

describe('R25-5: a home PATH script with a NUL byte early on', () => {
  it.each(['bin/deploy', '.local/bin/deploy'])('~/%s (#!/bin/sh, a NUL on line 2): writing tools/env.sh asks', async (script) => {
    expect(await homeWritten(base, { files: { [script]: NUL_SCRIPT } }, 'tools/env.sh', undefined, { inHome: true })).toBe('C241');
  });

  it.each<[string, Record<string, string>]>([
    ['~/bin/deploy without the NUL', { 'bin/deploy': '#!/bin/sh\n. ~/proj/tools/env.sh\n' }],
    ['~/.bashrc with a NUL on line 2', { '.bashrc': 'echo\n\0\n. ~/proj/tools/env.sh\n' }],
    ['~/.bashrc.d/p.sh (sourced by a .bashrc loop) with a NUL on line 2', { '.bashrc': 'for f in ~/.bashrc.d/*.sh; do . "$f"; done\n', '.bashrc.d/p.sh': 'echo\n\0\n. ~/proj/tools/env.sh\n' }],
  ])('control (held): %s asks', async (_name, files) => {
    expect(await homeWritten(base, { files }, 'tools/env.sh', undefined, { inHome: true })).toBe('C241');
  });
});
