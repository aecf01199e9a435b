// Issue 31 (mention26): the generic home mention search (home-mentions.ts, R22b-7) has two readers, in process for a
// small walk and the shipped ripgrep above it (home-mention-search.ts). Both must give exactly the same answers over
// the same walk: the same files (the walk's, nothing more: records, a big binary file, a link's target as walked),
// the same text rule (home-mention-text.ts: a NUL in the first 8 KiB is binary, a NUL further on is not, UTF-16 with
// a byte-order mark is text, an invalid byte or odd white space ends a path) and the same file names.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentionPattern, withBindings } from '../../src/permissions/home-mentions.js';
import { IN_PROCESS, readEach, rgBinary, rgEach, searchMentions, type Mention } from '../../src/permissions/home-mention-search.js';
import { walkMentions } from '../../src/permissions/home-mention-walk.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let home: string;
let root: string;
beforeAll(async () => {
  base = await tempDir('cw-mention-readers-');
  home = join(base, 'home');
  root = join(home, 'code', 'ws');
  const filler = 'alias x=ls\n'.repeat(10_000);
  const utf16 = (text: string): Buffer => Buffer.from(text, 'utf16le');
  await writeFiles(root, { 'src/a.ts': '1\n' });
  await writeFiles(home, {
    'notes.txt': `${root}/tools/not-a-dot-file.sh\n`,
    '.toolrc': `run ${root}/tools/a.sh and ~/code/ws/tools/b.sh; again $HOME/code/ws/tools/b2.sh ${root}/tools/b3.sh\n`,
    '.config/app/deep/nested/conf.ini': 'x=${HOME}/code/ws/tools/c.sh\nunit=%h/code/ws/tools/c2.sh\n',
    // Records (a name, a folder of records) and a binary database: no reader sees them.
    '.config/app/history.txt': `${root}/tools/record.sh\n`,
    '.config/app/sessions/one': `${root}/tools/session.sh\n`,
    '.config/app/data.db3': Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.from(`${root}/tools/binary.sh\n`)]),
    // A NUL past the first 8 KiB: text, searched whole (before and after it).
    '.config/app/late.dat': Buffer.concat([Buffer.from(`first ${root}/tools/late1.sh\n${filler}`), Buffer.from([0]), Buffer.from(`\nafter ${root}/tools/late2.sh\n`)]),
    // Big text under the cap: its last line is read; a big binary file (under the cap since R24-15) is walked, its
    // mention dropped by the binary rule.
    '.local/share/prog/big.txt': `${filler.repeat(28)}tail ${root}/tools/big.sh\n`,
    '.local/share/prog/huge.bin': Buffer.concat([Buffer.from([0, 1, 2]), Buffer.alloc(5 * 1024 * 1024, 0x41), Buffer.from(`${root}/tools/huge.sh\n`)]),
    // UTF-16 with a byte-order mark, both orders.
    '.config/u16/conf': Buffer.concat([Buffer.from([0xff, 0xfe]), utf16(`cmd ${root}/tools/u16le.sh\n`)]),
    '.config/u16be/conf': Buffer.concat([Buffer.from([0xfe, 0xff]), utf16(`cmd ${root}/tools/u16be.sh\n`).swap16()]),
    // Where a path ends: an invalid byte, U+0085, U+FEFF, U+00A0, a tab; a path that only ends in the workspace's.
    '.config/odd/bad': Buffer.concat([Buffer.from(`${root}/tools/e`), Buffer.from([0xff]), Buffer.from('x.sh\n')]),
    '.config/odd/spaces': `${root}/tools/f\u0085g ${root}/tools/h\uFEFFi ${root}/tools/j\u00A0k ${root}/tools/l\tm /mnt/backup${root}/tools/n.sh\n`,
    '.config/odd/two per line': `a=${root}/tools/o.sh;b=${root}/tools/p.sh\n`,
    '.config/odd/name\nwith a newline': `${root}/tools/newline.sh\n`,
    '.bash_history': `vim ${root}/tools/history.sh\n`,
    // spell27 (R24-3): the workspace's parts as words (an empty match text), with a line continued by `\`, JSON's
    // `\/`; `code/ws` is a common name: not without the home on its line.
    '.config/words/py': 'import os\nexec(open(os.path.join(os.path.expanduser("~"), "code", "ws", "tools", "x.py")).read())\n',
    '.config/words/cont': 'run $HOME/code/w\\\ns/tools/y.sh\n',
    '.config/words/json': `{"p": "${root.replaceAll('/', '\\/')}\\/tools\\/z"}\n`,
    '.config/words/nohint': 'x = "/opt/code/ws/tools/q"\n',
    // spell28: a variable set to the root or the home, searched again after (home-mention-bindings.ts).
    '.config/bound/sh': 'P=~/code/ws\nrun $P/tools/v.sh\nH = os.environ["HOME"]\n"P": "${HOME}/code/ws"\n',
  });
  // A stow link to a folder outside the home: searched where it leads, named by the real path.
  await writeFiles(join(base, 'dots'), { 'kitty/sub/kitty.conf': `shell ${root}/tools/k.sh\n` });
  symlinkSync(join(base, 'dots', 'kitty'), join(home, '.config', 'kitty'));
  mkdirSync(join(home, '.cache', 'x'), { recursive: true });
  writeFileSync(join(home, '.cache', 'x', 'c'), `${root}/tools/cache.sh\n`);
});
afterAll(() => removeDir(base));

const sorted = (mentions: readonly Mention[]): string[] => mentions.map((one) => `${one.file}\0${one.text}`).sort();

describe('the in-process reader and ripgrep over the same walk', () => {
  it('give the same mentions, file by file', () => {
    const rg = rgBinary();
    expect(rg).toBeDefined();
    const walk = walkMentions(home, [root], new Map());
    expect(walk.over).toBeUndefined();
    const names = walk.files.map((file) => file.name);
    expect(names).toEqual(expect.arrayContaining(['.toolrc', '.config/app/late.dat', '.local/share/prog/big.txt', '.config/u16/conf', join(base, 'dots/kitty/sub/kitty.conf')]));
    for (const skipped of ['.config/app/history.txt', '.config/app/sessions/one', '.bash_history', 'notes.txt', '.cache/x/c']) expect(names).not.toContain(skipped);
    const { pattern, trigger, needles } = mentionPattern(home, [root]);
    const first = readEach(walk.files, pattern, needles, trigger);
    const byRg = rgEach(rg!, walk.files, pattern, trigger);
    expect(byRg.over).toBeUndefined();
    expect(sorted(byRg.mentions)).toEqual(sorted(first));
    // spell29: a walk past IN_PROCESS's bytes but not its files: ripgrep's matches, the trigger's marks made in process.
    expect(walk.files.reduce((sum, file) => sum + file.size, 0)).toBeGreaterThan(IN_PROCESS.bytes);
    expect(sorted(searchMentions(walk, pattern, needles, trigger).mentions)).toEqual(sorted(first));
    // spell28: a variable set to the root or the home: the file marked by the binding trigger (spell29: once, an empty
    // text) in both readers alike.
    expect(sorted(first).filter((line) => line.startsWith('.config/bound/sh'))).toEqual(['.config/bound/sh\0']);
    expect(first.filter((one) => one.trigger === true).map((one) => one.file).sort()).toEqual(byRg.mentions.filter((one) => one.trigger === true).map((one) => one.file).sort());
    // Each file with one searched again (home-mention-bindings.ts): the paths found through the variables.
    const inProcess = sorted(withBindings(home, [root], walk.files, first));
    expect(sorted(withBindings(home, [root], walk.files, byRg.mentions))).toEqual(inProcess);
    const texts = inProcess.map((line) => line.split('\0')[1]!.replace(root, 'WS').replace('/code/ws', '/WS'));
    expect(texts).toEqual(expect.arrayContaining([
      'WS/tools/a.sh', '~/WS/tools/b.sh', '$HOME/WS/tools/b2.sh', 'WS/tools/b3.sh', '${HOME}/WS/tools/c.sh', '%h/WS/tools/c2.sh',
      'WS/tools/late1.sh', 'WS/tools/late2.sh', 'WS/tools/big.sh', 'WS/tools/u16le.sh', 'WS/tools/u16be.sh', 'WS/tools/e',
      'WS/tools/f', 'WS/tools/h', 'WS/tools/j', 'WS/tools/l', 'pWS/tools/n.sh', 'WS/tools/o.sh', 'WS/tools/p.sh', 'WS/tools/newline.sh', 'WS/tools/k.sh',
    ]));
    for (const never of ['record', 'session', 'binary', 'huge', 'history', 'not-a-dot-file', 'cache']) expect(texts.some((text) => text.includes(`/tools/${never}`))).toBe(false);
    expect(inProcess).toContain(`.config/odd/name\nwith a newline\0${root}/tools/newline.sh`);
    expect(inProcess).toContain(`${join(base, 'dots/kitty/sub/kitty.conf')}\0${root}/tools/k.sh`);
    expect(inProcess).toEqual(expect.arrayContaining(['.config/words/py\0', '.config/words/cont\0', `.config/words/json\0${root.replaceAll('/', '\\/')}\\/tools\\/z`]));
    expect(inProcess.filter((line) => line.startsWith('.config/words/nohint'))).toEqual([]);
    expect(inProcess.filter((line) => line.startsWith('.config/bound/sh'))).toEqual([`.config/bound/sh\0${root}/tools/v.sh`]);
  }, 60_000);

  // spell29's LEFT: a pattern ripgrep cannot parse exits 2 with no match at all, which read as "nothing found" (the
  // home's mentions silently dropped); ripgrep's words on standard error now fail the search closed.
  it('fails closed when ripgrep cannot run the pattern', () => {
    const walk = walkMentions(home, [root], new Map());
    const broken = rgEach(rgBinary()!, walk.files, '(?P<l>[unclosed');
    expect(broken.mentions).toEqual([]);
    expect(broken.over).toMatch(/failed \(.*regex parse error/);
  }, 60_000);
});
