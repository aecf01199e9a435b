// fed21: what a hook statement over several lines hands to an interpreter. A quoted string closing on a later
// line is one statement (not an unmodelled line that asks for every source); a function defined over several
// lines and called later with a file binds its `$1` (the file it runs or sources is obeyed, present or not);
// tox 4's `set_env = file|PATH` names a file of environment variables the commands run with (obeyed).
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'scripts/build.js': '// b\n', 'tools/keep': '' };
const place = rowPlace('hook-fed-lines');

describe('a quote closing on a later line (friction)', () => {
  it.each([
    'echo "checking\nthe build"\nnode scripts/build.js',
    "printf '%s\\n' 'one\ntwo'; node scripts/build.js",
    'MSG="line one\n  line two"\necho "$MSG" >&2\nnode scripts/build.js',
  ])('%j: the script it runs asks, sources stay free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: ['scripts/build.js'], free: ['src/a.js', 'src/b.js'], content: '// ok\n' });
  });
});

describe('a quote is never closed by a later line across a here-document', () => {
  it.each([
    "cat <<EOF\ndon't\nEOF\nnode tools/evil.js\necho 'done'",
    "cat <<'EOF' >&2\nit's\nEOF\n./tools/evil.js 'x'",
    "echo 'a\ncat <<EOF\nb'\nnode tools/evil.js\nEOF",
  ])('%j: the file a line after it runs asks', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: ['tools/evil.js'], free: [], content: '// ok\n' });
  });
});

// Rows of [hook, the file it runs]: writing that file asks; writing each of `free` does not.
function asksRows(title: string, rows: readonly (readonly [string, string])[], free: readonly string[]): void {
  describe(title, () => {
    it.each(rows)('%j: writing %s asks', async (hook, file) => {
      await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [file], free, content: '// ok\n' });
    });
  });
}

asksRows('a function over several lines, called with a file (hole)', [
  ['check() {\n  node "$1"\n}\ncheck tools/x', 'tools/x.js'],
  ['function load {\n  . "$1"\n}\nload tools/env.sh', 'tools/env.sh'],
  ['run()\n{\n  bash "$@"\n}\nrun tools/ci.sh', 'tools/ci.sh'],
  ['check() {\n  node "$1"\n}\ncheck tools/x\ncheck() {\n  :\n}', 'tools/x.js'],
], ['src/a.js']);

// Found by hook-fed-lex-parity.test.ts: a quoted assignment value was read as the command's program.
asksRows('an assignment with a quoted value before the program (hole)', [
  ['NODE_ENV="test" node tools/x', 'tools/x.js'],
  ["A='1 2' B=\"$(pwd)\" sh tools/ci.sh", 'tools/ci.sh'],
], ['src/a.js']);

// Found by the parity test too: bash runs the first word a brace expands to (a sequence: unknown, fails closed).
asksRows('a brace expansion (hole)', [
  ['node tools/{a,b}.js', 'tools/a.js'],
  ['sh tools/ci{,-x}.sh', 'tools/ci.sh'],
  ['for f in x; do sh tools/{ci,lint}.sh; done', 'tools/ci.sh'],
  ['node tools/x{1..3}.js', 'tools/x2.js'],
], []);

describe('a quoted brace is not expanded (friction control)', () => {
  it.each(['npx eslint "src/**/*.{js,ts}"', "npx prettier --check 'src/**/*.{ts,tsx}'", "awk '{print $1, $2}' README", 'find . -name x -exec echo {} \\;'])('%j: sources stay free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [], free: ['src/a.js', 'src/c.ts'], content: '// ok\n' });
  });
});

describe("tox 4's set_env = file|PATH (hole)", () => {
  it.each([
    ['tox.ini', '[testenv]\nset_env = file|conf/test.env\ncommands = python -c "print(1)"\n', 'conf/test.env'],
    ['tox.ini', '[testenv]\nsetenv =\n    FOO = 1\n    file|{toxinidir}/conf/local.env\ncommands = python -c "print(1)"\n', 'conf/local.env'],
    ['tox.toml', '[env_run_base]\nset_env = { file = "conf/run.env" }\ncommands = [["python", "tools/lint.py"]]\n', 'conf/run.env'],
  ])('%s: writing the file it names asks', async (name, text, file) => {
    await checkHookRow(place.next(), place.home, { hook: 'tox', files: { ...SOURCES, [name]: text }, asks: [file], free: ['src/a.js'], content: '// ok\n' });
  });
});
