// Red team round 24, R24-20 (a deny rule passed by a command that runs what it denies; the class of
// option-variables-env.test.ts: LESSOPEN, RSYNC_RSH, tar's own --checkpoint-action/--to-command/-I are read): two
// ccache's command setting: compiler_check is a command string ccache runs and hashes the output of (checked with
// ccache 4.8: `CCACHE_COMPILERCHECK='touch /tmp/x' ccache gcc -c a.c` ran it, and so did compiler_check in the
// CCACHE_DIR's ccache.conf), given by CCACHE_COMPILERCHECK, by the file CCACHE_CONFIGPATH names, or by
// $CCACHE_DIR/ccache.conf. Under `deny @coder exec git push*` + `allow @coder exec *` each line below is allowed and
// runs `git push`. (GNU tar's TAR_OPTIONS with --checkpoint-action/--to-command is read: controls.)
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const decide = execDecider(async (box) => {
  await writeFile(join(box.root, 'a.c'), 'int main(void) { return 0; }\n');
  await writeFile(join(box.root, 'cc.conf'), 'compiler_check = git push origin main\n');
  await mkdir(join(box.root, '.ccache'), { recursive: true });
  await writeFile(join(box.root, '.ccache/ccache.conf'), 'compiler_check = git push origin main\n');
});

describe('R24-20: variables that hand a program a command to run', () => {
  decideRows(decide, 'not allow', 'deny git push*: %s is not allowed', [
    "CCACHE_COMPILERCHECK='git push origin main' ccache gcc -c a.c",
    'CCACHE_CONFIGPATH=cc.conf ccache gcc -c a.c',
    'CCACHE_DIR=.ccache ccache gcc -c a.c',
  ]);

  decideRows(decide, 'not allow', 'control (held): %s is not allowed', [
    "TAR_OPTIONS='--checkpoint=1 --checkpoint-action=exec=git\\ push\\ origin\\ main' tar cf x.tar src",
    "TAR_OPTIONS='--to-command=git\\ push\\ origin\\ main' tar xf x.tar",
    'TAR_OPTIONS=\'--checkpoint=1 --checkpoint-action="exec=git push origin main"\' tar cf x.tar src',
    "tar cf x.tar --checkpoint=1 --checkpoint-action=exec='git push origin main' src",
    "LESSOPEN='|git push origin main %s' less a.c",
    "RSYNC_RSH='git push origin main' rsync a host:b",
  ]);
});

describe('R24-20 friction controls', () => {
  decideRows(decide, 'allow', '%s stays allowed', ['CCACHE_COMPILERCHECK=content ccache gcc -c a.c', 'CCACHE_DIR=/tmp/cc ccache gcc -c a.c', 'ccache gcc -c a.c']);
});
