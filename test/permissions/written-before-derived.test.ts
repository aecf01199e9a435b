// Issue 26, round 42's LEFTs (fix66) on written-before.ts through bounded-writers*.ts, read directly (no sandbox):
// a C compiler's derived outputs (-MD/-MMD beside -o, --coverage, -gsplit-dwarf, -ftime-trace ...) are either listed
// exactly or make the compiler a writer of any path (its options are a CLOSED list); tar's create mode and sed -i
// write exactly the files their words name, so the lines after them stop asking, and anything else they may do
// (extract, a `w` command, a script file, a backup suffix with `*` or `/`) is any path.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LineWrites } from '../../src/permissions/written-before.js';
import { parser } from './helpers.js';

const root = mkdtempSync(join(tmpdir(), 'cw-written-derived-'));
writeFileSync(join(root, 'ok.sh'), 'echo fine\n');
mkdirSync(join(root, 'd'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Why the line's commands before its last one may write `file` (relative to the root), or undefined.
async function written(line: string, file: string): Promise<string | undefined> {
  const parse = await parser.parseShell(`${line}; . ./${file}`);
  return new LineWrites(parse, root, root).before(parse.commands.at(-1)!)(join(root, file));
}

describe('a compiler writes what its options name, derived names too, or any path', () => {
  it.each([
    ['gcc -MD -o ok.o x.c', 'ok.d'],
    ['gcc -MMD -c -o ok.o x.c', 'ok.d'],
    ['cc -MD -o d/ok.o x.c', 'd/ok.d'],
    ['gcc -MD -o ok x.c', 'ok.d'],
    ['gcc -MD -o ok a.c x.c', 'ok-x.d'],
    ['clang -MJ ok.json -c x.c', 'ok.json'],
    ['gcc -S x.c', 'x.s'],
    ['gcc --coverage -c -o ok.o x.c', 'ok.gcno'],
    ['gcc -ftest-coverage -c x.c', 'x.gcno'],
    ['gcc -gsplit-dwarf -c x.c', 'x.dwo'],
    ['clang -ftime-trace -c x.c', 'x.json'],
    ['clang -fsave-optimization-record -c x.c', 'x.opt.yaml'],
    ['gcc -fdiagnostics-format=sarif-file -c x.c', 'x.c.sarif'],
    ['gcc -save-temps -c x.c', 'x.i'],
    ['gcc -dumpbase ok -c x.c', 'ok.su'],
    ['gcc -T ok.ld x.o', 'ok.sh'],
    ['gcc -Wl,-Map=ok.map x.o', 'ok.map'],
    ['ld -Map=ok.map x.o', 'ok.map'],
    ['gcc -Xlinker -Map=ok.map x.o', 'ok.map'],
    ['gcc -mllvm -x c x.c', 'ok.sh'],
    ['gcc -Qy -c x.c', 'ok.sh'],
  ])('`%s` may write %s', async (line, file) => {
    expect(await written(line, file)).toBeDefined();
  });
  it.each([
    ['gcc -O2 -Wall -Wextra -Werror=format -std=c11 -g -fPIC -fno-common -Iinc -I inc -DX=1 -c -o main.o main.c', 'ok.sh'],
    ['gcc -MMD -MP -MT main.o -c -o main.o main.c', 'ok.sh'],
    ['cc -shared -o lib.so a.o -lm -L. -pthread', 'ok.sh'],
    ['clang -fsanitize=address -fno-omit-frame-pointer -march=native -c x.c', 'ok.sh'],
    ['gcc -MD -o main.o main.c', 'ok.sh'],
  ])('`%s` does not write %s', async (line, file) => {
    expect(await written(line, file)).toBeUndefined();
  });
});

describe('tar -c and sed -i write the files their words name', () => {
  it.each([
    ['tar -cf ok.sh src', 'ok.sh'],
    ['tar cf ok.sh src', 'ok.sh'],
    ['tar -c -v -z -f ok.sh src', 'ok.sh'],
    ['tar --create --file=ok.sh src', 'ok.sh'],
    ['tar -czf ok.sh -C d .', 'ok.sh'],
    ['tar -cg ok.sh -f a.tar src', 'ok.sh'],
    ['tar -xf a.tar', 'ok.sh'],
    ['tar xf a.tar', 'ok.sh'],
    ['tar -c src', 'ok.sh'],
    ['tar -cf a.tar --remove-files src', 'ok.sh'],
    ['tar -cf a.tar --checkpoint-action=exec=x src', 'ok.sh'],
    ['tar -cf host:a.tar src', 'ok.sh'],
    ['sed -i s/a/b/ ok.sh', 'ok.sh'],
    ['sed -i -e s/a/b/ ok.sh', 'ok.sh'],
    ['sed -Ei s/a/b/ ok.sh', 'ok.sh'],
    ["sed -i 's/a/b/w ok.sh' f.txt", 'ok.sh'],
    ['sed -i -f s.sed f.txt', 'ok.sh'],
    ['sed -i.sh s/a/b/ ok', 'ok.sh'],
    ["sed -i'*.sh' s/a/b/ ok", 'ok.sh'],
    ['sed --in-place=x/ s/a/b/ f.txt', 'ok.sh'],
    ['sed -i --unknown s/a/b/ f.txt', 'ok.sh'],
  ])('`%s` may write %s', async (line, file) => {
    expect(await written(line, file)).toBeDefined();
  });
  it.each([
    ['tar -cf a.tar src', 'ok.sh'],
    ['tar cf a.tar src', 'ok.sh'],
    ['tar -czvf out.tgz --exclude=.git -C d src', 'ok.sh'],
    ['tar --create --gzip --file out.tgz src', 'ok.sh'],
    ['tar -tf a.tar', 'ok.sh'],
    ['sed -i s/a/b/ f.txt', 'ok.sh'],
    ['sed -i.bak -e s/a/b/ f.txt g.txt', 'ok.sh'],
    ['sed -Ei -e s/a/b/ -e s/c/d/ f.txt', 'ok.sh'],
    ['sed --in-place=.orig s/a/b/ f.txt', 'ok.sh'],
  ])('`%s` does not write %s', async (line, file) => {
    expect(await written(line, file)).toBeUndefined();
  });
});
