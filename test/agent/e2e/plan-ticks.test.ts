import { describe, expect, it } from 'vitest';
import { writeFiles } from '../../helpers/fixture.js';
import { agentScene, answer, coder, runAgent } from './run-agent.js';
import { spawnAgentPty } from './pty-agent.js';

// The plan's ticks follow the calls' real results (issue 29, TUI): a model ticks the step it is starting
// in the same answer as that step's calls; the step is done once those calls succeed, never before they ran,
// and a failed call fails that step, not the next one.
const scene = agentScene();

const STEPS = ['Read src/parse.js', 'Fix the separator', 'Run the tests'];
const plan = (...ticked: boolean[]): string => STEPS.map((step, index) => `${index + 1}. [${ticked[index] ? 'x' : ' '}] ${step}`).join('\n');

// Turn 1 ticks step 1 and reads a file that is not there; turn 2 ticks 1 and 2 and reads and fixes; turn 3
// ticks all and runs the tests.
const REPLIES = [
  answer(plan(true, false, false), coder('read', { file: 'src/pars.js' })),
  answer(plan(true, true, false), coder('read', { file: 'src/parse.js' }), coder('patch', { file: 'src/parse.js', search: '","', replace: '";"' })),
  answer(plan(true, true, true), coder('exec', { cmd: 'node test.js' })),
  'Fixed the separator.',
];

async function repo(): Promise<{ root: string; env: Record<string, string> }> {
  const root = await scene.folder('codeward-agent-ticks-');
  await writeFiles(root, { 'src/parse.js': 'export const parse = (s) => s.split(",");\n', 'test.js': 'console.log("ok");\n' });
  return { root, env: await scene.env() };
}

type Status = 'pending' | 'in_progress' | 'completed' | 'failed';
const statuses = (event: { plan: { tasks: { status: Status }[] } }): Status[] => event.plan.tasks.map((task) => task.status);

describe('plan ticks tied to results', () => {
  it('a step ticked beside its calls is done only after they succeed; a failed call fails that step', async () => {
    const server = await scene.serve({ replies: REPLIES });
    const { root, env } = await repo();
    const run = await runAgent(['-p', 'fix parse', '--approval-mode', 'yolo', '--sandbox', 'off', '--output-format', 'stream-json', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env });
    expect(run.status).toBe(0);
    // The last plan each turn showed before its first call ran, and after its results.
    const before = new Map<number, Status[]>();
    const after = new Map<number, Status[]>();
    let turn = 0;
    let last: Status[] = [];
    for (const event of run.events) {
      if (event.type === 'turn') turn = event.turn;
      if (event.type === 'task') last = statuses(event);
      if (event.type === 'tool_call' && !before.has(turn)) before.set(turn, last);
      if (event.type === 'tool_result') after.set(turn, last);
      if (event.type === 'task' && after.has(turn)) after.set(turn, last);
    }
    // Turn 1: step 1 runs; its read fails, so step 1 (not step 2) failed.
    expect(before.get(1)).toEqual(['in_progress', 'pending', 'pending']);
    expect(after.get(1)).toEqual(['failed', 'pending', 'pending']);
    // Turn 2 ticked steps 1 and 2 beside their calls: open while they run, done once they succeeded.
    expect(before.get(2)).toEqual(['in_progress', 'pending', 'pending']);
    expect(after.get(2)).toEqual(['completed', 'completed', 'pending']);
    expect(before.get(3)).toEqual(['completed', 'completed', 'in_progress']);
    expect(after.get(3)).toEqual(['completed', 'completed', 'completed']);
  });

  it('the terminal prints the plan once per turn, never a step done before its calls ran', async () => {
    const server = await scene.serve({ replies: REPLIES });
    const { root, env } = await repo();
    const pty = await spawnAgentPty(['--provider', 'openai', '--model', 'gpt-test', '--base-url', server.openaiBaseUrl, '--approval-mode', 'yolo', '--sandbox', 'off', 'fix parse'], { cwd: root, env });
    let screen: string;
    try {
      await pty.waitFor('Fixed the separator.');
      await pty.waitFor('✓ done');
      screen = pty.output();
      pty.write('exit\r');
      expect(await pty.exit).toBe(0);
    } finally {
      pty.kill();
    }
    const plans = screen.split('\n').filter((line) => /^\s*Plan \d+\/3 done/.test(line));
    // Three turns with calls and the final answer, each printed at most once, and only when it changed
    // (turn 2 starts where turn 1 did: step 1 in progress again).
    expect(plans.map((line) => line.trim())).toEqual(['Plan 0/3 done', 'Plan 2/3 done', 'Plan 3/3 done']);
    expect(screen).toMatch(/Plan 0\/3 done\s+\[>\] 1\. Read src\/parse\.js\s+\[ \] 2\. Fix/);
  }, 60_000);
});
