import { describe, expect, it } from 'vitest';
import { runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// The CLI runs tree-sitter in V8's baseline compiler only (--liftoff-only) for one-shot calls, but not for a
// bulk index (the code index's parse workers: a cold repo-map cost ~1.56x the CPU with it, issue 30), which
// also sizes V8's heaps small (--optimize-for-size). A repo-map that parses a few files (one changed) keeps
// the one-shot flags: it paid ~0.25 s of ~1.0 s for the others. --debug-timing says which.
describe('the V8 compiler a cold CLI call chooses', () => {
  it('optimizing once a bulk index starts its workers, liftoff for a repo-map of a few files, symbols, exec and a syntax-checked write, none for read', async () => {
    const root = await tempDir('codeward-v8-');
    await writeFiles(root, { 'a.ts': 'export function a() { return 1; }\n' });
    const stages = (args: string[]) => [...runCli(['--debug-timing', '-C', root, ...args]).stderr.matchAll(/timing: v8 compiler: (\S+)/g)].map((match) => match[1]);
    const stage = (args: string[]) => stages(args)[0];
    // One file, parsed on this thread: the one-shot flags (the calls after the first find a.ts in the index).
    expect(stage(['find_symbol', '--name', 'a'])).toBe('liftoff');
    expect(stage(['{"cmd":"references","args":{"name":"a"}}'])).not.toBe('optimizing');
    expect(stages(['repo-map'])).not.toContain('optimizing');
    expect(runCli(['--debug-timing', '-C', root, 'repo-map']).stderr).not.toContain('--optimize-for-size');
    expect(runCli(['--debug-timing', '-C', root, 'read', 'a.ts']).stderr).not.toContain('--optimize-for-size');
    // A bulk index (64 files or more to parse): wasm tiers up and the heaps are sized small (a cold index of
    // 20 k files peaked ~500 MB without it, ~290 MB with it) before the workers exist, and never liftoff after.
    await writeFiles(root, Object.fromEntries(Array.from({ length: 70 }, (_, at) => [`src/m${at}.ts`, `export function f${at}(): number { return ${at}; }\n`])));
    const cold = runCli(['--debug-timing', '--json', '-C', root, 'repo-map']);
    expect(cold.json.data).toMatchObject({ parsed: 70, threads: 2 });
    expect([...cold.stderr.matchAll(/timing: v8 compiler: (\S+)/g)].map((match) => match[1])).toEqual(['optimizing']);
    expect(cold.stderr).toContain('--optimize-for-size');
    // Then one changed file: parsed on this thread with the one-shot flags, and the same map as a fresh index.
    await writeFiles(root, { 'src/m3.ts': 'export function f3(): number { return 33; }\n' });
    const changed = runCli(['--debug-timing', '--json', '-C', root, 'repo-map']);
    expect(changed.json.data).toMatchObject({ parsed: 1, threads: 0 });
    expect([...changed.stderr.matchAll(/timing: v8 compiler: (\S+)/g)].map((match) => match[1])).toEqual(['liftoff']);
    // A line with shell syntax is parsed by tree-sitter (a line of plain words is not: shell/parse-plain.ts).
    expect(stage(['exec', '--cmd', 'true && true'])).toBe('liftoff');
    // set when tree-sitter loads (code/tree-sitter-init.ts): a read parses nothing and leaves V8's flags alone
    expect(stage(['read', 'a.ts'])).toBeUndefined();
    expect(stage(['write', '--file', 'b.ts', '--content', 'export const b = 2;\n', '--yes'])).toBe('liftoff');
  });
});
