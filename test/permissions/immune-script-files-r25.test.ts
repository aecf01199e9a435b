// Red team round 25, R25-6 (the immune list under allow rules; rt24's "What held" covered awk/sed/vim with their
// program INLINE): the same programs reading their program from a FILE. Under `allow @coder *` + `allow *`, with
// a.awk = `BEGIN { system("rm -r build") }`, s.sed = `1e rm -r build` (GNU sed runs `e`'s command),
// e.vim = `:!rm -r build`: `awk -f a.awk`, `sed -f s.sed f`, `sed -n -f s.sed f`,
// `vim -S e.vim`, `vim -s e.vim f` are allowed today (as their inline forms are not: controls; the same
// class codeward reads for `psql -f`, `sqlite3 -init`, duckdb `.read`). (`make -f m.mk`, `sh b.sh`, `python3 p.py`,
// `npm run clean` are allowed too: script files are not read for the immune list at all; noted in the report.) Checked here (gawk/mawk, GNU sed 4.9, GNU
// make 4.3, vim 9): awk -f, sed -f, make -f and `vim -E -s -S e.vim` each removed build/.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

const ALLOW = ['allow @coder *', 'allow *'];
const FILES: Record<string, string> = {
  'a.awk': 'BEGIN { system("rm -r build") }\n',
  's.sed': '1e rm -r build\n',
  'e.vim': ':!rm -r build\n',
  'build/x': '1\n',
  f: 'x\n',
};

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(box.root, file)), { recursive: true });
    await writeFile(join(box.root, file), text);
  }
});
afterAll(async () => box.cleanup());
const decide = async (line: string): Promise<string> => (await explain(await policyWith(box, ALLOW), `@coder exec ${line}`)).decision;

describe('R25-6: the immune list through a program file', () => {
  it.each(['awk -f a.awk', 'sed -f s.sed f', 'sed -n -f s.sed f', 'vim -S e.vim', 'vim -s e.vim f'])('allow *: `%s` (runs rm -r build) is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });

  it.each(["awk 'BEGIN { system(\"rm -r build\") }'", "sed '1e rm -r build' f", "vim -c '!rm -r build'", 'rm -r build'])('control (held): `%s` is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });
});

describe('R25-6, held-back spellings and friction controls', () => {
  beforeAll(async () => {
    await writeFile(join(box.root, 'inc.awk'), '@include "a.awk"\n');
    await writeFile(join(box.root, 'plain.awk'), '{ print $1 }\n');
    await writeFile(join(box.root, 'plain.sed'), 's/hello/world/g\n/e/d\n');
    await writeFile(join(box.root, 'se.sed'), 's/x/rm -r build/e\n');
  });
  it.each(['gawk -f inc.awk', 'awk --file=a.awk', 'mawk -fa.awk', 'gawk -i a.awk', 'sed -f se.sed f', 'sed --file=s.sed f', 'sed -nf s.sed f', 'nvim -S e.vim', 'vim -u e.vim'])('allow *: `%s` is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });
  it.each(['awk -f plain.awk f', 'sed -f plain.sed f', "awk '{ print $1 }' f", "sed 's/a/b/' f"])('friction control: `%s` stays allowed', async (line) => {
    expect(await decide(line)).toBe('allow');
  });
});
