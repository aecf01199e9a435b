// R26-10's LEFT (stop 52): a script the hook writes INSIDE the work tree and then runs was obeyed as a file, but what
// was written into it was not followed: `cat tools/*.sh > build/all.sh; sh build/all.sh` left tools/b.sh (a new file
// the glob matches at the commit) written under --yes. hook-fed-written.ts: a writer codeward reads (cat/tee of static
// words and globs, cp/mv/install) hands the file its sources; any other writer makes the walk unmodeled (every file
// asks). A Makefile pattern rule's built file stays the make model's (make-allow-list.test.ts 'a pattern rule').
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-selfwritten-');
const FILES = { 'tools/a.sh': 'echo a\n', 'tools/x.sh': 'echo x\n', 'gen.js': 'console.log("echo hi")\n', 'src/a.ts': 'export {};\n' };

describe('a script the hook writes in the work tree runs what its writer copied in', () => {
  it.each<[string, readonly string[]]>([
    ['cat tools/*.sh > build/all.sh; sh build/all.sh', ['tools/a.sh', 'tools/b.sh']],
    ['cat tools/*.sh >> build/all.sh\nsh build/all.sh', ['tools/a.sh', 'tools/b.sh']],
    ['cat tools/*.sh | tee build/all.sh >/dev/null; bash build/all.sh', ['tools/a.sh', 'tools/b.sh']],
    ['cat tools/a.sh tools/x.sh > build/all.sh && . build/all.sh', ['tools/a.sh', 'tools/x.sh']],
    ['cp tools/x.sh build/y.sh && sh build/y.sh', ['tools/x.sh']],
    ['cp tools/x.sh build/ && ./build/x.sh', ['tools/x.sh']],
    ['mv tools/x.sh build/y.sh; sh build/y.sh', ['tools/x.sh']],
  ])('`%s`: the sources ask, src/a.ts stays free', async (hook, asks) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks, free: ['src/a.ts'] });
  }, 120_000);
});

describe('a writer codeward does not read: every file asks', () => {
  it.each([
    'echo "$X" > build/all.sh; sh build/all.sh',
    'node gen.js > build/all.sh\nsh build/all.sh',
    'cat > build/all.sh <<EOF\nnode tools/x.js\nEOF\nsh build/all.sh',
    'cp "$SRC" build/y.sh && sh build/y.sh',
  ])('`%s`', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['src/a.ts'], free: [] });
  }, 120_000);
});

describe('controls', () => {
  it('a file written and not run obeys nothing it was written from', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'cat tools/*.sh > build/all.sh', files: FILES, asks: [], free: ['src/a.ts', 'tools/a.sh'] });
  }, 120_000);
});
