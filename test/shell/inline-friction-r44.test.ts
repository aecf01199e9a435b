// Red team R44-b4..b9 (issue 26) friction: the spawn and dynamic checks read the raw code too (inline-raw.ts), and
// the common one-liners of each language still run without a question.
import { describe, expect, it } from 'vitest';
import { inlineProgram, spawnedCommands } from '../../src/shell/parse-inline.js';

// The line's program as the interpreter reads it (its -c/-e/-r code, perl's -n/-p loop aside).
function spawns(...line: string[]): boolean {
  const program = inlineProgram(line[0]!, line.map((value) => ({ value, dynamic: false })));
  return program === undefined ? true : spawnedCommands(program).spawns;
}

describe('ordinary one-liners stay free', () => {
  it.each([
    ['python3', '-c', 'print("hello, world")'],
    ['python3', '-c', 'import json, sys; print(json.dumps(json.load(sys.stdin), indent=2))'],
    ['python3', '-c', 'import json,sys; d = json.load(sys.stdin); print(d["name"], d.get("version"))'],
    ['python3', '-c', 'import sys; print(sum(int(x) for x in sys.stdin.read().split()))'],
    ['python3', '-c', 'import re, sys; print(re.findall(r"\\d+", sys.stdin.read()))'],
    ['python3', '-c', 'import re; print(re.sub(r"(\\w+)\'s", r"\\1", "it\'s here"))'],
    ['python3', '-c', 'x = 3; print(f"{x} items, {x * 2:>5} total, {{braces}}")'],
    ['python3', '-c', 'import sys; print(f"{sys.version_info.major}.{sys.version_info.minor}")'],
    ['python3', '-c', 'import os; print(os.path.join(os.getcwd(), "x"))  # where am I'],
    ['python3', '-c', 'if __name__ == "__main__": print(__file__ if "__file__" in dir() else "-c")'],
    ['python3', '-c', 'import csv, sys; [print(row[0]) for row in csv.reader(sys.stdin)]'],
    ['python3', '-c', 'import pathlib; print([p.name for p in pathlib.Path(".").glob("*.py")])'],
    ['python3', '-c', 'import shutil; shutil.rmtree("__pycache__", ignore_errors=True)'],
    ['node', '-e', 'console.log(JSON.parse(require("fs").readFileSync("package.json", "utf8")).version)'],
    ['node', '-e', 'const s = "a/b/c"; console.log(s.split(/\\//).length, s.replace(/"/g, "\'"))'],
    ['node', '-e', 'const n = 4; console.log(`${n} files, ${n * 2} lines`)'],
    ['node', '-p', 'process.versions.node // the version'],
    ['node', '-e', 'let t = 10 / 2; /* half */ console.log(t / 5, "it\'s")'],
    ['perl', '-ne', 'print if /error|warn/i'],
    ['perl', '-pi', '-e', 's/foo/bar/g'],
    ['perl', '-pe', 's{"(\\w+)"}{\'$1\'}g'],
    ['perl', '-lne', 'print $1 if /name="([^"]*)"/'],
    ['perl', '-e', 'my %h = (a => 1); print "$h{a} $ARGV[0]\\n"; print scalar(@ARGV), "\\n"'],
    ['perl', '-ne', '$n++ if m{^#}; END { print "$n\\n" }'],
    ['perl', '-e', 'print join(",", map { $_ * 2 } 1..5), "\\n"'],
    ['perl', '-e', 'my @w = qw(a b c); print "@w\\n"; tr/a-z/A-Z/ for @w'],
    ['perl', '-lane', '$s += $F[2]; END { print $s }'],
    ['ruby', '-e', 'puts [1, 2, 3].sum'],
    ['ruby', '-e', 'x = 2; puts "#{x} items"'],
    ['php', '-r', 'echo json_encode(["a" => 1]), "\\n";'],
    ['php', '-r', '$x = 2; echo "{$x} items\\n";'],
  ])('%s %s %s', (...line) => {
    expect(spawns(...line)).toBe(false);
  });
});
