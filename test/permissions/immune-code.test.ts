// Red team R6-6 (rest): a program that runs code codeward does not parse, from stdin (a here-document, a
// here-string or a file fed to an interpreter or to an unknown program) or from an inline option (gdb -ex,
// expect -c, vim -c), ran `rm -r` and every other immune class unasked under allow rules and --yes; a
// debugger's `--args` program is judged like a wrapped command. Look-alikes that take data stay ordinary.
import { afterAll, beforeAll, describe } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { sandbox, type Sandbox } from './helpers.js';
import { immunityCases } from './immune-cases.js';

const IMMUNE: readonly (readonly [string, string])[] = [
  ['rm-recursive', 'gdb --args rm -rf build'],
  ['rm-recursive', 'gdb -q -batch --args rm -r build'],
  ['rm-recursive', 'lldb -b -- rm -rf build'],
  ['unparsed-code', "gdb -batch -ex 'shell rm -rf build'"],
  ['unparsed-code', "gdb -batch -ex '!rm -rf build' /bin/true"],
  ['unparsed-code', "gdb --batch --eval-command='shell rm -rf build'"],
  ['unparsed-code', "lldb -b -o 'platform shell rm -rf build'"],
  ['unparsed-code', "expect -c 'spawn rm -rf build'"],
  ['unparsed-code', "vim -es -c '!rm -rf build' -c q"],
  ['unparsed-code', "nvim --headless '+!rm -rf build' +q"],
  ['unparsed-code', "sqlite3 db '.shell rm -rf build'"],
  ['unparsed-code', "tclsh <<< 'exec rm -r build'"],
  ['unparsed-code', "tclsh <<'EOF'\nexec rm -r build\nEOF"],
  ['unparsed-code', 'tclsh < script.tcl'],
  ['unparsed-code', 'wish < s.tcl'],
  ['unparsed-code', 'perl < x.pl'],
  ['unparsed-code', 'bash < build.sh'],
  ['unparsed-code', 'node - < x.js'],
  ['unparsed-code', "make -f - <<< 'all:; rm -rf build'"],
  ['unparsed-code', "sqlite3 db <<< '.shell rm -rf build'"],
  ['unparsed-code', "ed a.txt <<< '!rm -rf build'"],
  ['unparsed-code', 'vim -es < cmds'],
  ['unparsed-code', "unknownprog <<< 'rm -rf build'"],
  ['unparsed-code', 'unknownprog 0< script'],
  ['unparsed-code', 'timeout 5 tclsh < script.tcl'],
  ['unparsed-code', "sh -c 'tclsh < s.tcl'"],
  // stdin given to a compound around it, another descriptor, `0<` (read by tree-sitter-bash as an argument).
  ['unparsed-code', '{ tclsh; } < s.tcl'],
  ['unparsed-code', 'while read l; do tclsh; done < f'],
  ['unparsed-code', "if true; then tclsh; fi <<< 'exec rm -r build'"],
  ['unparsed-code', 'tclsh <&3 3< s.tcl'],
  ['unparsed-code', 'tclsh 0<s.tcl'],
];

const NOT_IMMUNE: readonly string[] = [
  'grep x < a.txt',
  'wc -l < a.txt',
  'jq . < a.json',
  'python3 tool.py < a.txt',
  'node x.js < a.txt',
  "python3 <<< 'print(1)'",
  "bash <<< 'echo hi'",
  "bash <<'EOF'\necho hi\nEOF",
  'patch -p1 < fix.diff',
  'git apply < fix.diff',
  'tee out.txt < a.txt',
  'gdb -x script.gdb ./a.out',
  'gdb ./a.out core',
  'awk -f prog.awk a.txt',
  'vim -R a.txt',
  'unknownprog a.txt',
  'while read -r f; do echo "$f"; done < a.txt',
  'tclsh <&-',
];

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  await writeFiles(box.root, { 'a.txt': 'work\n', 'build/out.js': 'b\n' });
});
afterAll(async () => {
  await box.cleanup();
});

describe('code codeward does not parse asks, under allow rules and --yes', () => {
  immunityCases(() => box, IMMUNE, NOT_IMMUNE);
});
