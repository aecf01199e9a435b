// Red team round 24, R24-14 (homenames25's skip list, src/permissions/home-mention-rules.ts RECORD_NAMES): the
// mention search skips any home file or folder whose NAME matches `*cache*`, `*storage*`, `*backup*` ... as a
// record. But configurations carry those words: ccache's ~/.config/ccache/ccache.conf (its compiler_check and
// prefix_command run a program at every compile: checked with ccache 4.8, `compiler_check = WS/tools/cc.sh` ran
// it), sccache's ~/.config/sccache/config, podman's ~/.config/containers/storage.conf (mount_program runs at every
// container start). A workspace program named there is written under --yes, unasked; the same line in a file of
// another name asks (control).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('r24-records-');
});
afterAll(async () => {
  await removeDir(base);
});

// The write of `file` under --yes, the workspace at ~/proj, the home file `at` holding `text` (`@WS@`: the workspace).
const written = (at: string, text: string, file: string): Promise<string> => homeWritten(base, { files: { [at]: text } }, file, '#!/bin/sh\nid\n', { inHome: true });

describe('R24-14: home configurations whose names look like records', () => {
  test.each([
    ['.config/ccache/ccache.conf', 'compiler_check = @WS@/tools/cc.sh\n', 'tools/cc.sh'],
    ['.ccache/ccache.conf', 'prefix_command = @WS@/tools/cc.sh\n', 'tools/cc.sh'],
    ['.config/containers/storage.conf', '[storage.options.overlay]\nmount_program = "@WS@/tools/fo"\n', 'tools/fo'],
  ])('~/%s (naming the workspace program): writing it asks', async (at, text, file) => {
    expect(await written(at, text, file)).toBe('C241');
  }, 60_000);

  test('control (held): the same line in ~/.config/ctl/config asks', async () => {
    expect(await written('.config/ctl/config', 'compiler_check = @WS@/tools/cc.sh\n', 'tools/cc.sh')).toBe('C241');
  }, 60_000);
});
