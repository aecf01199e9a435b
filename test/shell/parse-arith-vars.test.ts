// Values bash evaluates by where they are stored (red team R40-b1/b2/b3/b11) and name-taking builtins reached
// through builtin/command/quoting (R40-b4) are run-time arithmetic; the ordinary lines around them are not.
import { describe, expect, it } from 'vitest';
import { ShellParser } from '../../src/shell/parse.js';

const parser = new ShellParser();
const listed = async (line: string): Promise<readonly string[]> => (await parser.parse(line)).arithmetic ?? [];

describe('evaluated values and resolved builtins (parse-arith-vars.ts)', () => {
  it.each([
    'declare -i x; read x < f',
    'x=$(<f); declare -i y=$x',
    'declare -i y; for y in "$(<f)"; do :; done',
    'read OPTIND < f',
    'SRANDOM=$(<f)',
    'declare -n r; printf -v r %s "$(<f)"; echo $r',
    'x=$(<f); a+=([$x]=1)',
    'read x < f; true {a[$x]}>/dev/null',
    "command -- printf -v 'a[$(rm -rf sub)]' 1",
    "builtin declare 'a[$(rm -rf sub)]=1'",
  ])('`%s` is listed', async (line) => {
    expect(await listed(line)).not.toEqual([]);
  });
  it.each([
    'declare -i n=0; n+=1',
    'for i in 1 2 3; do echo $i; done',
    'read -r line < f',
    `printf -v out '%s' "$x"`,
    'a=(1 2 3); echo ${a[1]}',
    'declare -A m=([k]=v)',
    'declare -A m; m=([k]=v [j]=w)',
    'exec {fd}>log',
    'local -n ref=arr',
    'command -v node',
    'builtin echo hi',
    'SECONDS=0; OPTIND=1',
    'command declare -x PATH=/bin',
    'while getopts ab opt; do echo $opt; done',
  ])('`%s` is not listed', async (line) => {
    expect(await listed(line)).toEqual([]);
  });
});
