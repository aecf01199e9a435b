// Red team (second pass), invariant 5: bash evaluates a variable's value as arithmetic again, and an array
// subscript in it is expanded in full, so with a='x[$(touch p)]' a line of only read-only programs
// (`echo $((a))`, `[[ $(cat f) -eq 1 ]]`, `test -v "$v"`, `printf -v "$v" 1`, `${s:a}`, `x[a]=1`) runs
// `touch p`. The text may come from the line, a repository file or a file name. Each ran unasked before.
import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';
import { CLI, runCli } from '../helpers/fixture.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

async function decision(line: string): Promise<string> {
  return (await explain(await policyWith(box), `@coder exec ${line}`)).decision;
}

const PAYLOAD = "'x[$(touch PWN)]'";

describe('arithmetic and variable names evaluated on run-time text', () => {
  test.each([
    `a=${PAYLOAD}; echo $((a))`,
    `a=${PAYLOAD}; echo $[a]`,
    `a=${PAYLOAD}; true $(( a + 1 ))`,
    'b=$(cat VERSION); echo $((b))',
    'echo $(( $(cat VERSION) ))',
    'echo $((`cat VERSION`))',
    'echo "$(( $(< VERSION) ))"',
    'for f in *; do echo $((f)); done',
    'for f in *; do echo ${x[f]}; done',
    `a=${PAYLOAD}; echo \${x:a}`,
    `a=${PAYLOAD}; echo \${x:0:a}`,
    `a=${PAYLOAD}; echo \${@:a}`,
    `a=${PAYLOAD}; echo \${x[@]:a}`,
    `a=${PAYLOAD}; echo \${x[a]}`,
    `a=${PAYLOAD}; echo \${#x[a]}`,
    'echo ${x[$(cat VERSION)]}',
    'echo ${x:$(cat VERSION)}',
    `a=${PAYLOAD}; x[a]=1; echo`,
    '[[ $(cat VERSION) -eq 1 ]]',
    `a=${PAYLOAD}; [[ a -lt 2 ]] && ls`,
    `[[ -v ${PAYLOAD} ]] && ls`,
    `a=1; ((a)); ls`,
    'for ((i=n; i<1; i++)); do ls; done',
    `test -v ${PAYLOAD}`,
    'test -v "$(cat VERSION)"',
    'test $(cat VERSION)',
    'command test -R "$(cat VERSION)"',
    '[ $(cat VERSION) ]; ls',
    `[ -v ${PAYLOAD} ]; ls`,
    `printf -v ${PAYLOAD} 1`,
    `printf -v${PAYLOAD} 1`,
    'printf -v "$(cat VERSION)" 1',
    'printf "$(cat VERSION)" 1',
    `bash -c 'a=${PAYLOAD.replace(/'/g, '')}; echo $((a))'`,
    `cat <<E\n$((echo))\nE`,
    "a='$(touch PWN)'; echo ${a@P}",
    'b=$(cat VERSION); echo "${b@P}"',
  ])('%j needs a person', async (line) => {
    expect(await decision(line)).toBe('ask');
  });

  test.each([
    'echo $((1+2)) $((0x1f * 2)) $((36#zz)) $[3]',
    'echo ${x} ${x[0]} ${x[@]} ${#x} ${x:1:2} ${x: -1} ${x:-d}',
    'printf "%s\\n" "$x" "$y"',
    'printf -v out "%s" x',
    'test -f "$(cat VERSION)"',
    '[ -f "$(cat VERSION)" ]; ls',
    'cat VERSION | wc -c',
    'echo "${x@Q}" "${x@E}" "${x@A}" "${x@U}"',
  ])('%j stays read-only', async (line) => {
    expect(await decision(line)).toBe('allow');
  });

  test.skipIf(!existsSync(CLI))('the real binary runs nothing unasked from a repository file read as arithmetic', async () => {
    await writeFile(`${box.root}/VERSION`, 'x[$(touch PWN)]\n');
    const cli = (line: string) => runCli(['--json', '--sandbox', 'off', 'exec', '--cmd', line], { cwd: box.root, env: { CODEWARD_STATE_DIR: box.home, HOME: box.home }, yes: false });
    for (const line of ['echo $(( $(cat VERSION) ))', '[[ $(cat VERSION) -eq 0 ]]', 'test -v "$(cat VERSION)"', 'printf -v "$(cat VERSION)" 1']) {
      const result = cli(line);
      expect(result.json.error?.code, line).toBe('C241');
    }
    expect(await readdir(box.root)).not.toContain('PWN');
  });
});
