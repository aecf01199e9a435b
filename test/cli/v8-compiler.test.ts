import { describe, expect, it } from 'vitest';
import { runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// The CLI runs tree-sitter in V8's baseline compiler only (--liftoff-only) for one-shot calls, but not for a
// command that parses many source files (CommandDefinition.parsesMany): the code index's worker threads
// inherit the flag, and a cold repo-map cost ~1.56x the CPU with it (issue 30). --debug-timing says which.
describe('the V8 compiler a cold CLI call chooses', () => {
  it('optimizing for repo-map, symbols (also by alias and in a JSON call), liftoff for exec and a syntax-checked write, none for read', async () => {
    const root = await tempDir('codeward-v8-');
    await writeFiles(root, { 'a.ts': 'export function a() { return 1; }\n' });
    const stage = (args: string[]) => /timing: v8 compiler: (\S+)/.exec(runCli(['--debug-timing', '-C', root, ...args]).stderr)?.[1];
    expect(stage(['repo-map'])).toBe('optimizing');
    // and sizes V8's heaps small (a cold index of 20 k files peaked ~500 MB without it, ~290 MB with it)
    expect(runCli(['--debug-timing', '-C', root, 'repo-map']).stderr).toContain('--optimize-for-size');
    expect(runCli(['--debug-timing', '-C', root, 'read', 'a.ts']).stderr).not.toContain('--optimize-for-size');
    expect(stage(['find_symbol', '--name', 'a'])).toBe('optimizing');
    expect(stage(['{"cmd":"references","args":{"name":"a"}}'])).toBe('optimizing');
    // A line with shell syntax is parsed by tree-sitter (a line of plain words is not: shell/parse-plain.ts).
    expect(stage(['exec', '--cmd', 'true && true'])).toBe('liftoff');
    // set when tree-sitter loads (code/tree-sitter-init.ts): a read parses nothing and leaves V8's flags alone
    expect(stage(['read', 'a.ts'])).toBeUndefined();
    expect(stage(['write', '--file', 'b.ts', '--content', 'export const b = 2;\n', '--yes'])).toBe('liftoff');
  });
});
