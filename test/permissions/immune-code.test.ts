// Red team R6-6 (rest): a program that runs code codeward does not parse, from stdin (a here-document, a
// here-string or a file fed to an interpreter or to an unknown program) or from an inline option (gdb -ex,
// expect -c, vim -c), ran `rm -r` and every other immune class unasked under allow rules and --yes; a
// debugger's `--args` program is judged like a wrapped command. Look-alikes that take data stay ordinary.
import { describe } from 'vitest';
import { immunityBox, immunityCases } from './immune-cases.js';

const IMMUNE: readonly (readonly [string, string])[] = [
  ['rm-recursive', 'gdb --args rm -rf build'],
  ['rm-recursive', 'gdb -q -batch --args rm -r build'],
  ['rm-recursive', 'lldb -b -- rm -rf build'],
  // A spaced word is also guessed as a shell line (red team R18-12): `shell rm -rf build` holds `rm -rf build`.
  ['rm-recursive', "gdb -batch -ex 'shell rm -rf build'"],
  ['unparsed-code', "gdb -batch -ex '!rm -rf build' /bin/true"],
  ['rm-recursive', "gdb --batch --eval-command='shell rm -rf build'"],
  ['rm-recursive', "lldb -b -o 'platform shell rm -rf build'"],
  ['unparsed-code', "expect -c 'spawn rm -rf build'"],
  ['unparsed-code', "vim -es -c '!rm -rf build' -c q"],
  ['unparsed-code', "nvim --headless '+!rm -rf build' +q"],
  ['rm-recursive', "sqlite3 db '.shell rm -rf build'"],
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

// Red team R9-3: code fed to a program through a pipe. `echo 'shell rm -r build' | gdb -q`, `echo 'exec rm -r
// build' | tclsh8.6` and `... | gdb -q -x /dev/stdin` ran under --yes: a versioned name (`tclsh8.6`) was not
// judged as its family, and stdin from a pipe was not counted as code for programs that read commands there.
// Now whatever feeds stdin (pipe, redirect, here-string, process substitution) to a program that reads
// commands from it is `unparsed-code`; an unknown program fed by a pipe stays ordinary unless it names
// stdin as its script.
const PIPED_IMMUNE: readonly (readonly [string, string])[] = [
  // The red team's lines.
  ['unparsed-code', "echo 'shell rm -r build' | gdb -q"],
  ['piped-program', "echo 'exec rm -r build' | tclsh8.6"],
  ['unparsed-code', "echo 'shell rm -r build' | gdb -q -x /dev/stdin"],
  // Versioned names are judged as their family, by every rule.
  ['piped-program', "echo 'exec rm -r build' | /usr/bin/tclsh8.6"],
  ['piped-program', 'cat s.rb | ruby3.2'],
  ['piped-program', 'cat s.pl | perl5.36'],
  ['piped-program', 'cat s.lua | lua5.4'],
  ['piped-program', 'cat s.js | node20'],
  ['piped-program', 'cat s.php | php8.2'],
  ['unparsed-code', "tclsh8.6 <<< 'exec rm -r build'"],
  ['unparsed-code', 'python3.11 < s.py'],
  ['unparsed-code', "echo 'platform shell rm -r build' | lldb-18"],
  ['unparsed-code', "echo '!rm -r build' | vim.tiny -es"],
  // Programs that read commands on stdin, fed by a pipe.
  ['unparsed-code', "echo '!rm -r build' | ed a.txt"],
  ['unparsed-code', "echo ':!rm -r build' | vim"],
  ['unparsed-code', "echo '!rm -r build' | ex -s a.txt"],
  ['unparsed-code', "echo '.shell rm -r build' | sqlite3 db"],
  ['unparsed-code', "echo '\\! rm -r build' | psql"],
  ['unparsed-code', "echo '\\! rm -r build' | mysql"],
  ['unparsed-code', "echo '!rm -r build' | dc"],
  ['unparsed-code', "echo 'syscmd(rm -r build)' | m4"],
  ['piped-program', "echo 'spawn rm -r build' | expect"],
  ['piped-program', "echo 'exec rm -r build' | wish"],
  ['unparsed-code', "echo a | sh -c 'gdb -q'"],
  ['unparsed-code', 'echo a | { gdb -q; }'],
  ['rm-recursive', "echo 'rm -r build' | parallel"],
  ['unparsed-code', 'parallel < jobs.txt'],
  // A script named as stdin, by any program that is not a data reader.
  ['unparsed-code', 'echo \'BEGIN{system("rm -r build")}\' | awk -f -'],
  ['unparsed-code', "echo '1e rm -r build' | sed -f /dev/stdin a.txt"],
  ['unparsed-code', "echo 'all:; rm -r build' | make -f -"],
  ['unparsed-code', 'cat s | unknownprog -x /dev/stdin'],
  ['unparsed-code', 'cat s | unknownprog --script=-'],
  ['unparsed-code', 'cat s.sql | psql -f -'],
  ['unparsed-code', 'cat s.sql | psql -f /dev/stdin'],
  ['unparsed-code', "gdb -q < <(echo 'shell rm -r build')"],
  ['unparsed-code', "echo 'shell rm -r build' | arm-none-eabi-gdb -q"],
  ['unparsed-code', "echo '.shell rm -r build' | sqlite3 -separator , db"],
  // A coprocess: its stdin is written by the line. `coproc { ...; }`, `time { ...; }`, `! { ...; }`: the
  // grammar read the group as one command named `{` (whose arguments were never judged).
  ['rm-recursive', 'time { rm -rf build; }'],
  ['rm-recursive', '! { rm -rf build; }'],
  ['rm-recursive', 'time -p { rm -rf build; }'],
  ['rm-recursive', 'time while true; do rm -rf build; break; done'],
  ['rm-recursive', '! if true; then rm -rf build; fi'],
  ['rm-recursive', 'time if false; then :; else rm -rf build; fi'],
  ['rm-recursive', 'coproc for x in a; do rm -rf build; done'],
  ['unparsed-code', 'time while read l; do tclsh; done < s.tcl'],
  ['unparsed-code', 'coproc gdb -q; echo \'shell rm -r build\' >&63'],
  ['rm-recursive', 'coproc { rm -rf build; }'],
  ['rm-recursive', 'coproc G { ls; rm -rf build; }'],
];

const PIPED_NOT_IMMUNE: readonly string[] = [
  'git log | less',
  'cat f | grep x',
  'npm ls | head',
  'cat a.txt | grep -f - b.txt',
  'echo x | cat /dev/stdin',
  'cat v.yaml | kubectl apply -f -',
  'git diff | vim -',
  'echo 1+2 | bc',
  "cat q.sql | sqlite3 db 'select 1'",
  "cat q.sql | psql -c 'select 1'",
  'cat a.txt | psql -f q.sql',
  'echo x | unknownprog',
  'echo x | unknownprog -',
  'echo x | cat2',
  'echo x | expect s.exp',
  'cat list | parallel gzip',
  'parallel -a jobs.txt',
  'python3.11 tool.py < a.txt',
  'gdb -x script.gdb ./a.out',
  'coproc G { ls; }',
  'time { ls; }',
  'time for f in *.ts; do echo "$f"; done',
  'time while read -r l; do echo "$l"; done < a.txt',
  '! grep -q x a.txt',
  'coproc ls',
];

const box = immunityBox({ 'a.txt': 'work\n', 'build/out.js': 'b\n', 'q.sql': 'select 1;\n', 'script.gdb': 'break main\nrun\nbt\n', 'prog.awk': '{ print $1 }\n' });

describe('code codeward does not parse asks, under allow rules and --yes', () => {
  immunityCases(box, IMMUNE, NOT_IMMUNE);
});

describe('code fed to a program through a pipe asks, under allow rules and --yes (red team R9-3)', () => {
  immunityCases(box, PIPED_IMMUNE, PIPED_NOT_IMMUNE);
});
