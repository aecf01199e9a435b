// fed23: a here-document in a hook. The body an interpreter reads is the script it runs: a shell's is read line by
// line like a script file's (`bash <<EOF`, `sh <<-EOF` with tabs, `cat <<EOF | sh`), another language's as its code
// (`python3 - <<'PY'`, `node <<EOF`); an unquoted delimiter's body is expanded by the outer shell first. Neither
// the body nor its delimiter line is read as a command of its own (that made every such hook unmodelled, and the
// whole tree asked); a body printed to the terminal (git's sample pre-commit: `cat <<\EOF ... EOF; exit 1`) is text.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0","scripts":{"lint":"node tools/lint.js"}}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '' };
const place = rowPlace('hook-fed-here23');

describe('the body an interpreter reads is its script (hole, friction)', () => {
  it.each([
    ['bash <<EOF\nsource tools/x.sh\nEOF', 'tools/x.sh'],
    ['sh <<-EOF\n\t. tools/x.sh\n\tEOF', 'tools/x.sh'],
    ["cat <<'EOF' | sh\nnode tools/w\nEOF", 'tools/w.js'],
    ['bash -s <<EOF\nnpm run lint\nEOF', 'tools/lint.js'],
    ["python3 - <<'PY'\nexec(open(\"tools/y.py\").read())\nPY", 'tools/y.py'],
    ["node <<EOF\nrequire('./tools/z.js')\nEOF", 'tools/z.js'],
    ["python3 <<'PY'\nimport runpy\nrunpy.run_path('tools/r.py')\nPY\nnode tools/after.js", 'tools/after.js'],
    ["python3 <<'PY'\nimport runpy\nrunpy.run_path('tools/r.py')\nPY\nnode tools/after.js", 'tools/r.py'],
  ])('%j: writing %s asks; a source stays free', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [file], free: ['src/a.js'], content: '// ok\n' });
  });
});

describe('what the code of a body loads is followed like a script file (hole)', () => {
  it('node <<EOF require("./tools/z.js"): what tools/z.js requires asks', async () => {
    const files = { ...SOURCES, 'tools/z.js': "require('./w.js');\n" };
    await checkHookRow(place.next(), place.home, { hook: "node <<EOF\nrequire('./tools/z.js')\nEOF", files, asks: ['tools/z.js', 'tools/w.js'], free: ['src/a.js'], content: '// ok\n' });
  });
});

describe("an unquoted delimiter: the outer shell expands the body's parameters first", () => {
  it.each([
    // The inner shell sets F, but it runs what the outer shell expanded: tools/s (a name the hook's lines set is not
    // known to the outer shell's reading: the whole tree asks, never tools/t alone).
    ['bash <<EOF\nF=tools/t; node ${F:-tools/s}\nEOF', 'tools/s.js', []],
    ['F=tools/s; bash <<EOF\nnode ${F:-tools/t}\nEOF', 'tools/s.js', []],
    ['bash <<EOF\nnode ${F:-tools/s}\nEOF', 'tools/s.js', ['src/a.js']],
    // `\$`: the inner shell expands it, with its own F.
    ['bash <<EOF\nF=tools/t; node \\${F:-tools/s}\nEOF', 'tools/t.js', []],
    ["bash <<'EOF'\nF=tools/t; node ${F:-tools/s}\nEOF", 'tools/t.js', []],
    // A value only known at run time: the code is not known (the whole tree asks).
    ['python3 - <<EOF\nexec(open("$F").read())\nEOF', 'src/a.js', []],
  ] as const)('%j: writing %s asks', async (hook, file, free) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [file], free, content: '// ok\n' });
  });
});

describe('a body nothing runs is text (friction)', () => {
  it.each([
    "cat <<\\EOF\nError: Attempt to add a non-ASCII file name.\n\nThis can't be done (use git config).\nEOF\nexit 1",
    'cat >&2 <<EOF\nhusky - run `npm i` first; it isn\'t set up\nEOF',
    "if [ -n \"$x\" ]; then\n  cat <<-'MSG'\n\tdon't commit to main\n\tMSG\n  exit 1\nfi",
  ])('%j: sources stay free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [], free: ['src/a.js', 'src/b.ts'], content: '// ok\n' });
  });
});

describe('a body whose use codeward does not know is still read line by line (guard)', () => {
  it.each([
    ["cat > tools/gen.sh <<'EOF'\n. tools/evil.sh\nEOF\nsh tools/gen.sh", 'tools/evil.sh'],
    ["tee tools/gen.sh <<'EOF'\nnode tools/evil.js\nEOF", 'tools/evil.js'],
  ])('%j: writing %s asks', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [file], free: [], content: '// ok\n' });
  });
});
