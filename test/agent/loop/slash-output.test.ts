import { afterEach, describe, expect, it } from 'vitest';
import { builtinCommands } from '../../../src/commands/index.js';
import { Registry } from '../../../src/engine/registry.js';
import type { Engine } from '../../../src/engine/engine.js';
import { isSlashCommand, runSlash, unescapeSlash } from '../../../src/agent/loop/slash.js';
import { headlessOutput } from '../../../src/doors/agent/output.js';
import { createEngine } from '../../../src/setup.js';
import { removeDir, tempDir, writeFiles } from '../../helpers/fixture.js';

let engine: Engine | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  await Promise.all(dirs.splice(0).map(removeDir));
});

describe('/undo, /redo, /checkpoints (issue 17 point 4)', () => {
  it('a /word line is a command (known or not); a path typed as a message is a message', () => {
    expect(isSlashCommand('/undo')).toBe(true);
    expect(isSlashCommand('  /redo 2')).toBe(true);
    expect(isSlashCommand('/checkpoints')).toBe(true);
    expect(isSlashCommand('/help')).toBe(true);
    expect(isSlashCommand('/undone work')).toBe(true);
    expect(isSlashCommand('/tmp/x is broken')).toBe(false);
    expect(isSlashCommand('//help me')).toBe(false);
    expect(unescapeSlash('//help me')).toBe('/help me');
    expect(unescapeSlash('/tmp/x')).toBe('/tmp/x');
  });

  it('/help lists the commands and an unknown one is answered here, never sent to the model', async () => {
    const root = await tempDir('codeward-slash-');
    dirs.push(root);
    engine = await createEngine({ workspace: root, env: { HOME: root, CODEWARD_STATE_DIR: `${root}-state` }, registry: new Registry(builtinCommands) });
    dirs.push(`${root}-state`);
    const help = await runSlash(engine, '/help');
    expect(help.ok).toBe(true);
    expect(help.output).toMatch(/\/undo \[N\][\s\S]*\/redo \[N\][\s\S]*\/checkpoints[\s\S]*\/\/text/);
    expect(await runSlash(engine, '/undone work')).toEqual({ ok: false, output: 'unknown command /undone (did you mean /undo?); /help lists them, and //undone work sends the line to the model' });
    expect((await runSlash(engine, '/bogus')).output).toMatch(/^unknown command \/bogus; \/help lists them/);
  });

  it('runs the engine\'s undo and redo, reports the files, and names bad input', async () => {
    const root = await tempDir('codeward-slash-');
    dirs.push(root);
    await writeFiles(root, { 'a.txt': 'one\n' });
    engine = await createEngine({ workspace: root, env: { HOME: root, CODEWARD_STATE_DIR: `${root}-state` }, registry: new Registry(builtinCommands) });
    dirs.push(`${root}-state`);
    expect((await engine.run({ cmd: 'write', args: { file: 'a.txt', content: 'two\n' } })).ok).toBe(true);
    const listed = await runSlash(engine, '/checkpoints');
    expect(listed.ok).toBe(true);
    expect(listed.note).toBeUndefined();
    const undone = await runSlash(engine, '/undo');
    expect(undone).toMatchObject({ ok: true, output: expect.stringMatching(/^undid 1 change:\n {2}checkpoint \d+ write: a\.txt$/) });
    expect(undone.note).toMatch(/^\[The person ran \/undo: write \(checkpoint \d+\) taken back\. a\.txt is back to the content before those changes/);
    const redone = await runSlash(engine, '/redo 1');
    expect(redone.note).toMatch(/^\[The person ran \/redo: write/);
    expect(await runSlash(engine, '/undo many')).toMatchObject({ ok: false, output: '/undo takes a number of turns and --all, e.g. /undo 2 (got "many")' });
    // /checkpoints N (or --id N, the list's own note's words) shows one change (newcomer pass 2, N3).
    const id = /checkpoint (\d+)/.exec(undone.output)![1]!;
    for (const line of [`/checkpoints ${id}`, `/checkpoints --id ${id}`]) expect(await runSlash(engine, line), line).toMatchObject({ ok: true, output: expect.stringContaining('a.txt') });
    expect(await runSlash(engine, '/checkpoints 999999')).toMatchObject({ ok: false, output: expect.stringMatching(/^C211 no change 999999/) });
    expect(await runSlash(engine, '/checkpoints many')).toMatchObject({ ok: false, output: expect.stringContaining('/checkpoints N (or --id N) shows change N whole') });
  });
});

describe('headless agent lines count in the singular', () => {
  it('1 tool call, 2 tool calls', () => {
    let err = '';
    const output = headlessOutput('text', { stdout: { write: () => true }, stderr: { write: (text: string) => (err += text) } });
    output.sink({ type: 'agent', id: 'ac-1', agent: 'file', depth: 1, phase: 'end', ok: true, durationMs: 1200, turns: 1, toolCalls: 1 });
    output.sink({ type: 'agent', id: 'ac-2', agent: 'file', depth: 1, phase: 'end', ok: true, durationMs: 1200, turns: 2, toolCalls: 2 });
    expect(err).toContain('file agent ac-1 done (1.2s, 1 tool call)\n');
    expect(err).toContain('file agent ac-2 done (1.2s, 2 tool calls)\n');
  });
});
