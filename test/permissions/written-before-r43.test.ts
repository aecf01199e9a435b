// Round 43 (R43-b1, b5, b6) on written-before.ts, read directly (no sandbox): names a writer writes that no word
// spells. A backup (cp/mv/ln/install -b, -S, --suffix, SIMPLE_BACKUP_SUFFIX, VERSION_CONTROL) renames the replaced
// DEST to DEST+suffix (or DEST.~N~); a compiler's `--output=FILE`; a wrapper's default output file (script's
// ./typescript, nohup's nohup.out, a profiler's gmon.out/perf.data ...).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LineWrites } from '../../src/permissions/written-before.js';
import { parser } from './helpers.js';

const root = mkdtempSync(join(tmpdir(), 'cw-written-r43-'));
for (const name of ['ok.sh', 'ok', 'x', 'y']) writeFileSync(join(root, name), 'echo fine\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Why the line's commands before `sh FILE` may write FILE, or undefined.
async function written(line: string, file = 'ok.sh'): Promise<string | undefined> {
  const parse = await parser.parseShell(`${line}; sh ${file}`);
  return new LineWrites(parse, root, root).before(parse.commands.at(-1)!)(join(root, file));
}

describe('R43-b1: a backup writes DEST + its suffix', () => {
  it.each([
    'cp -b -S .sh x ok', 'cp -bS.sh x ok', 'cp --suffix=.sh x ok', 'cp --suffix .sh x ok', 'cp --suf=.sh x ok', 'mv -S .sh x ok',
    'ln -bf -S .sh x ok', 'install -b -S .sh x ok', 'SIMPLE_BACKUP_SUFFIX=.sh cp -b x ok', 'export SIMPLE_BACKUP_SUFFIX=.sh; mv --backup x ok',
    'env SIMPLE_BACKUP_SUFFIX=.sh cp -b x ok', 'cp -b -t . x ok', 's=.sh; cp -b -S "$s" x ok', 'cp -b -S "$1" x ok',
    'SIMPLE_BACKUP_SUFFIX=$1 cp --backup=simple x ok', 'o=-bS.sh; cp $o x ok',
  ])('`%s` may write ok.sh', async (line) => {
    expect(await written(line)).toBeDefined();
  });
  it.each([
    ['cp -b x ok', 'ok.~1~'], ['cp --backup=numbered x ok', 'ok.~2~'], ['VERSION_CONTROL=t mv -b x ok', 'ok.~1~'], ['cp -b x ok', 'ok~'],
    ['cp --backup=simple x ok', 'ok~'], ['cp --backup=simple -S .bak x sub/ok', 'sub/ok.bak'],
  ])('`%s` may write %s', async (line, file) => {
    expect(await written(line, file)).toBeDefined();
  });
  it.each([
    // (`existing`, the default control, may number the backup: any name beside DEST, so these name the control.)
    'cp x y', 'cp --backup=simple -S .bak x ok', 'cp --backup=simple x ok', 'mv --backup=s -S .sh x y', 'VERSION_CONTROL=never cp -b x ok', 'cp --backup=none -S .bak x ok', 'cp -f x ok', 'SIMPLE_BACKUP_SUFFIX=.sh cp x ok',
  ])('`%s` does not write ok.sh', async (line) => {
    expect(await written(line)).toBeUndefined();
  });
  it('friction: plain `cp x y; sh y.sh` reads y.sh as unwritten', async () => {
    expect(await written('cp x y', 'y.sh')).toBeUndefined();
  });
});

describe("R43-b5: a compiler's long output option", () => {
  it.each(['gcc -E x.c --output=ok.sh', 'gcc --output=ok.sh x.c', 'clang --output ok.sh x.c', 'cc -E x.c --output=./ok.sh'])('`%s` may write ok.sh', async (line) => {
    expect(await written(line)).toBeDefined();
  });
  it.each(['gcc --std=c11 -c x.c', 'gcc -E x.c --output=out.i'])('`%s` does not', async (line) => {
    expect(await written(line)).toBeUndefined();
  });
});

describe('R43-b6: a wrapper writes its default file when no word names one', () => {
  it.each([
    ["script -qc 'cat evil'", 'typescript'], ["script -q -c 'cat evil' -T timing.txt", 'typescript'], ['script -q', 'typescript'],
    ['nohup ls', 'nohup.out'], ['nohup -- ls -l', 'nohup.out'], ['hyperfine --export-json ok.sh ls', 'ok.sh'], ['watchexec --log-file=ok.sh ls', 'ok.sh'],
  ])('`%s` may write %s', async (line, file) => {
    expect(await written(line, file)).toBeDefined();
  });
  it.each([
    ["script -qc 'cat evil' log.txt", 'typescript'], ["script -qc 'cat evil' -- log.txt", 'typescript'], ['nohup ls', 'ok.sh'], ['hyperfine ls', 'ok.sh'], ['setsid ls', 'nohup.out'],
  ])('`%s` does not write %s', async (line, file) => {
    expect(await written(line, file)).toBeUndefined();
  });
});
