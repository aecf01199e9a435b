// Round 42 (R42-b1..b4) on written-before.ts, read directly (no sandbox): the reading of what a line writes is
// CLOSED. Only programs whose writes their words bound (bounded-writers.ts) write their words, an option's attached
// value included (`cp -t.`, `sort -oF`); any other program that may write writes any path; read-only programs and
// the shell's own builtins write nothing. A written path is compared as the kernel reaches it (the last link too,
// `..` after a link); `~+` is the folder, any other `~` form any path.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LineWrites } from '../../src/permissions/written-before.js';
import { parser } from './helpers.js';

const root = mkdtempSync(join(tmpdir(), 'cw-written-closed-'));
writeFileSync(join(root, 'ok.sh'), 'echo fine\n');
mkdirSync(join(root, 'd'));
symlinkSync('ok.sh', join(root, 'l2'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Why the line's commands before its last one may write ok.sh, or undefined.
async function written(line: string): Promise<string | undefined> {
  const parse = await parser.parseShell(`${line}; sh ok.sh`);
  const reader = parse.commands.at(-1)!;
  return new LineWrites(parse, root, root).before(reader)(join(root, 'ok.sh'));
}

describe('what a line may write before `sh ok.sh` reads ok.sh', () => {
  it.each([
    // b1: an option's attached value is the written path.
    'cp -t. d/ok.sh', 'install -Dt. d/ok.sh', 'sort -ook.sh evil.txt', 'mv -t. d/ok.sh', 'touch -rx ok.sh',
    // an option letter the table does not know: any path.
    'cp -Q d/x ok2', 'install -%t. d/ok.sh',
    // b2: writers whose outputs their words do not name.
    'gunzip -f ok.sh.gz', 'xz -d ok.sh.xz', 'patch -p0', "sed -n 'w ok.sh' evil", 'sed -i -f s.sed x', 'cpio -i', 'ar x lib.a', 'ex -s x', 'unknown-tool a',
    // b3: the last link followed, `..` taken after a link, a /proc or /dev spelling.
    'cp evil l2', 'cat evil > l2', 'cp evil /dev/fd/../../self/cwd/ok.sh', 'cp evil /proc/self/cwd/ok.sh', 'cp evil /proc/1/cwd/ok.sh',
    // b4: `~+` is the folder, any other `~` any path.
    'cp evil ~+/ok.sh', 'cp evil ~-/ok.sh', 'cp evil ~root/ok.sh', 'cp evil ~/ok.sh',
    // a compiler's -o value, attached too, and an option naming other outputs or programs.
    'gcc -o ok.sh x.c', 'cc -ook.sh x.c', 'gcc -B. -c x.c', "gcc -Wp,-MD,ok.sh -c x.c",
    // a wrapper's own written files (parse-wrappers.ts wrapperWritten): flock's lock, strace -o, script's log.
    'flock -w5 ok.sh true', 'strace -ook.sh true', 'strace --output ok.sh true', "script -qc 'true' ok.sh",
  ])('`%s` may write it', async (line) => {
    expect(await written(line)).toBeDefined();
  });
  it.each([
    'cat ok.sh', 'grep -r x .', 'ls -la', 'echo hi', 'true', 'git status', 'cd d', 'export A=1', 'read -r x', 'set -e',
    'cp -t d evil', 'cp -- -t. d/x', 'sort -o out.txt in.txt', 'mkdir -p d/x', 'cat evil > l3', 'cp evil ~+/other.sh',
    'go version', 'cargo --version', 'echo x > /dev/null', 'gcc -O2 -c -o main.o main.c', 'cc -c x.c',
    'concurrently "grep -r x ." "cat y"',
    // a wrapper writes only the files its spec names; the wrapped command is read on its own (the deny rules see it).
    'flock -w5 /tmp/x.lock true', 'flock -xw5 /tmp/x.lock cat y', 'strace -o /tmp/t.txt true', 'nice -n5 true',
  ])('`%s` does not', async (line) => {
    expect(await written(line)).toBeUndefined();
  });
});
