import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { removeDir, tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coder, coderBody, runAgent } from './run-agent.js';

// Issue 29: every earlier result stayed in every later request, also after the file was edited or the test
// run again. A result made stale by a later call is replaced by a one-line stub saying how to see it again.
const servers: ModelServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(dirs.splice(0).map(removeDir));
});

const SOURCE = Array.from({ length: 60 }, (_, index) => `export const value${index} = ${index}; // line of the module`).join('\n') + '\n';

async function run(replies: string[], extra: string[] = []) {
  const server = await startModelServer({ replies });
  servers.push(server);
  const root = await tempDir('codeward-agent-history-');
  const env: Record<string, string> = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
  dirs.push(root, env['HOME']!);
  await writeFiles(root, { 'mod.js': SOURCE, 'other.js': SOURCE });
  const result = await runAgent(['-p', 'work', '--output-format', 'json', '--approval-mode', 'yolo', '--sandbox', 'off', '--provider', 'openai', '--base-url', server.openaiBaseUrl, ...extra], { cwd: root, env, timeoutMs: 60_000 });
  expect(result.status, result.stderr).toBe(0);
  return server.requests.map((request) => request.messages.map((message) => message.content).join('\n====\n'));
}

describe('a history that stays small (issue 29)', () => {
  it('a read made stale by an edit, and a command run again, become stubs; other results stay', async () => {
    const requests = await run([
      answer('1. Read', coder('read', { file: 'mod.js' }), coder('read', { file: 'other.js' }), coderBody('exec', { cmd: 'seq 1 200' })),
      answer('2. Edit', coderBody('patch', { file: 'mod.js', search: 'value7 = 7;', replace: 'value7 = 70;' }), coderBody('exec', { cmd: 'seq 1 200' })),
      'Done.',
    ]);
    expect(requests).toHaveLength(3);
    // The second request still shows the first read whole.
    expect(requests[1]).toContain('value59 = 59');
    const last = requests[2]!;
    // mod.js was patched: its old text is gone, with the reason and the way back.
    expect(last).toMatch(/dropped from the history: mod\.js was changed in turn 2, so this text is out of date; call it again/);
    expect(last.match(/export const value59 = 59/g)).toHaveLength(1); // other.js only
    // The first `seq` output was replaced by the second run's.
    expect(last).toContain('the same call was made again in turn 2');
    expect(last.match(/^199$/gm)).toHaveLength(1);
  });

  it('an outline is out of date once its file is edited; a range read of the file does not replace it', async () => {
    const requests = await run([
      answer('1. Outline', coder('outline', { file: 'mod.js' })),
      answer('2. Read', coder('read', { file: 'mod.js', start: 5, end: 8 })),
      answer('3. Edit', coderBody('patch', { file: 'mod.js', search: 'value7 = 7;', replace: 'value7 = 70;' })),
      'Done.',
    ]);
    expect(requests).toHaveLength(4);
    expect(requests[2]).toMatch(/value59 .*60/); // the outline, after the range read
    expect(requests[2]).not.toContain('dropped from the history');
    const last = requests[3]!;
    expect(last).toMatch(/dropped from the history: mod\.js was changed in turn 3, so this text is out of date/);
    expect(last).not.toContain('value59');
  });

  it('a search that quotes an edited file is out of date; one that quotes only other files stays', async () => {
    const requests = await run([
      answer('1. Search', coder('search', { term: 'line of the module', glob: 'other.js' }), coder('search', { term: 'value5' })),
      answer('2. Edit', coderBody('patch', { file: 'mod.js', search: 'value7 = 7;', replace: 'value7 = 70;' })),
      'Done.',
    ]);
    expect(requests).toHaveLength(3);
    expect(requests[1]).toMatch(/^mod\.js:6:\d+: export const value5 = 5/m);
    const last = requests[2]!;
    expect(last).toMatch(/^other\.js:60:\d+: export const value59/m); // the search of other.js alone
    expect(last).toMatch(/dropped from the history: mod\.js was changed in turn 2, so this text is out of date/);
    expect(last).not.toMatch(/^mod\.js:6:/m);
  });

  // Live run (issue 29, qs): a read made after a patch kept showing the patched text after `redo`/`undo` changed
  // the file again: undo, redo and restore declare the whole workspace, which the history never matched.
  it('undo changes files the history cannot name: every read and quote below the workspace becomes a stub', async () => {
    const requests = await run([
      answer('1. Edit', coderBody('patch', { file: 'mod.js', search: 'value7 = 7;', replace: 'value7 = 70;' })),
      // (results under 400 bytes are never stubbed: the stub would cost more)
      answer('2. Look', coder('read', { file: 'mod.js', start: 1, end: 30 }), coder('search', { term: 'line of the module', glob: 'mod.js' })),
      answer('3. Undo', coder('undo', {})),
      'Done.',
    ]);
    expect(requests).toHaveLength(4);
    expect(requests[2]).toMatch(/^\s*8 \| export const value7 = 70;/m);
    expect(requests[2]).toMatch(/^mod\.js:8:\d+: export const value7 = 70/m);
    const last = requests[3]!;
    expect(last).not.toMatch(/^\s*8 \| export const value7 = 70;/m);
    expect(last).not.toMatch(/^mod\.js:8:\d+: export const value7 = 70/m);
    expect(last).toMatch(/dropped from the history: a call in turn 3 changed files in the workspace, so this text of mod\.js may be out of date/);
  });

  // Seven turns of one command each (two whole runs of them in one test outgrew its time on a loaded machine),
  // each result ~9 KB (~2.25 k tokens), so the batches outweigh the system prompt and the model's messages.
  const batches = Array.from({ length: 7 }, (_, index) => answer(`${index + 1}. Count`, coderBody('exec', { cmd: `seq ${index * 10000 + 1} ${index * 10000 + 1500}` })));
  const whole = (request: string, index: number): boolean => new RegExp(`^${index * 10000 + 1500}$`, 'm').test(request);

  it('past --compact-at tokens, results older than the last 5 batches become stubs; the last 5 stay whole when that is enough', async () => {
    // Five batches and the rest (~13 k tokens) fit under 13,900; six (~15 k) do not.
    const requests = await run([...batches, 'Done.'], ['--compact-at', '13900']);
    const last = requests.at(-1)!;
    expect(whole(last, 0)).toBe(false);
    expect(whole(last, 1)).toBe(false);
    for (const index of [2, 3, 4, 5, 6]) expect(whole(last, index)).toBe(true);
    expect(last).toMatch(/dropped from the history: the conversation reached about \d+ tokens, so results older than the last 5 batches were compacted/);
  });

  // Live run (issue 29, qs strictDepth at --compact-at 8000): five batches held 8.8 k tokens, so keeping the
  // last five compacted nothing and every later request stayed over the budget.
  it('when the last 5 batches alone are over --compact-at, fewer are kept, down to the last batch; the run still ends', async () => {
    const requests = await run([...batches.slice(0, 4), 'Done.'], ['--compact-at', '3000']);
    expect(requests).toHaveLength(5);
    // Before the 4th request three batches (~7 k tokens) were over 3,000: only the 3rd stayed whole.
    expect(whole(requests[3]!, 2)).toBe(true);
    for (const index of [0, 1]) expect(whole(requests[3]!, index)).toBe(false);
    const last = requests.at(-1)!;
    expect(whole(last, 3)).toBe(true);
    for (const index of [0, 1, 2]) expect(whole(last, index)).toBe(false);
    expect(last).toMatch(/results older than the last batch were compacted/);
  });

  it('without --compact-at the default (60000 tokens) is far away: nothing is compacted', async () => {
    const last = (await run([...batches, 'Done.'])).at(-1)!;
    expect(whole(last, 0)).toBe(true);
  });
});
