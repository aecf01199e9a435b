// Red team (second pass): tree-sitter-bash keeps some command substitutions as plain text although bash
// runs them: in a ${...} pattern or word (`${x#$(cmd)}`, `${PATH%`cmd`}`, `${x/`cmd`/y}`, `${x:-`cmd`}`)
// and backticks in a here-document whose delimiter is not quoted. Lines of only `echo`/`cat` ran them
// unasked, and a destructive one escaped the danger classifier.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { classifyDanger } from '../../src/shell/danger.js';
import { substitutionSpans } from '../../src/shell/parse-hidden.js';
import { CLI, runCli } from '../helpers/fixture.js';
import { explain, parser, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

async function decision(line: string): Promise<string> {
  return (await explain(await policyWith(box), JSON.stringify({ cmd: 'exec', args: { cmd: line } }))).decision;
}

describe('substitutions the grammar keeps as text', () => {
  test.each([
    'x=a; echo ${x#$(touch PWN)}',
    'echo ${PATH%`touch PWN`}',
    'echo ${PATH%%$(touch PWN)}',
    'echo ${PATH/`touch PWN`/x}',
    'echo ${PATH//$(touch PWN)}',
    'echo ${x:-`touch PWN`}',
    'echo "${x:=`touch PWN`}"',
    'echo $(echo ${x#`touch PWN`})',
    'cat <<EOF\n`touch PWN`\nEOF',
    'cat <<EOF\nline `touch PWN` line\nEOF',
    'cat <<EOF\n${x:-`touch PWN`}\nEOF',
    'cat <<-EOF | cat\n\t`touch PWN`\n\tEOF',
  ])('%j needs a person', async (line) => {
    expect(await decision(line)).toBe('ask');
  });

  test('a destructive command hidden in a pattern is classified', async () => {
    for (const line of ['echo ${x#`rm -rf ~`}', 'echo ${HOME%$(rm -rf ~)}', 'cat <<EOF\n`rm -rf ~`\nEOF']) {
      expect(classifyDanger(await parser.parseShell(line)), line).toBeDefined();
      expect(await decision(line)).not.toBe('allow');
    }
  });

  test.each([
    "cat <<'EOF'\n`touch PWN` $(touch PWN)\nEOF",
    'cat <<"EOF"\n`touch PWN`\nEOF',
    'echo ${PATH%%:*} ${x/#a/b} ${x#$(cat a.txt)}',
    'cat <<EOF\n$(date) `date`\nEOF',
  ])('%j stays read-only (quoted delimiter, or read-only inside)', async (line) => {
    expect(await decision(line)).toBe('allow');
  });

  test('the spans: $(...) with nesting, backticks with escapes, an unclosed one whole', () => {
    expect(substitutionSpans('a $(b $(c) d) `e \\` f` $(g')).toEqual(['b $(c) d', 'e ` f', 'g']);
  });

  test.skipIf(!existsSync(CLI))('the real binary runs none of them unasked', async () => {
    for (const line of ['echo ${PATH%`touch PWN`}', 'cat <<EOF\n`touch PWN`\nEOF']) {
      const result = runCli(['--json', '--sandbox', 'off', 'exec', '--cmd', line], { cwd: box.root, env: { CODEWARD_STATE_DIR: box.home, HOME: box.home }, yes: false });
      expect(result.json.error?.code, line).toBe('C241');
    }
    expect(await readdir(box.root)).not.toContain('PWN');
  });
});
