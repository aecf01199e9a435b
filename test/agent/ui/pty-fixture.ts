// Run in a real pseudo-terminal by tui-pty.test.ts (bundled with esbuild first): a scripted session
// that shows a plan, a tool call with an approval and a diff, waits for Ctrl+C, then reads messages.
import { createTui } from '../../../src/agent/ui/index.js';

const say = (text: string): void => {
  process.stdout.write(`\n[${text}]\n`);
};
const usage = { input: 1200, output: 80 };
let interrupted: () => void = () => undefined;
const interrupt = new Promise<void>((resolve) => (interrupted = resolve));

const tui = createTui({
  input: process.stdin,
  output: process.stdout,
  color: process.env['NO_COLOR'] === undefined,
  header: { model: 'scripted:model', workspace: '/tmp/demo', approvalMode: 'ask', transcript: '.codeward/sessions/demo.jsonl' },
  onInterrupt: () => {
    say('interrupted');
    interrupted();
  },
});

tui.emit({ type: 'request', turn: 1, attempt: 1 });
await new Promise((resolve) => setTimeout(resolve, 350));
tui.emit({ type: 'text', turn: 1, delta: '<reasoning>\n1. Read the file\n2. Fix the bug\n</reasoning>\n<tool_call name="@coder" ' });
tui.emit({ type: 'text', turn: 1, delta: `args='{"cmd":"patch","args":{"file":"src/app.ts"}}'/>` });
tui.emit({ type: 'turn', turn: 1, attempt: 1, text: '', usage });
const tasks = [
  { id: 1, description: 'Read the file', status: 'completed' as const },
  { id: 2, description: 'Fix the bug', status: 'in_progress' as const },
];
tui.emit({ type: 'task', text: '', plan: { tasks, current: 2, consecutiveFailures: 0, needsReplan: false } });
tui.emit({ type: 'tool_call', turn: 1, id: 't1-1', tool: '@coder', cmd: 'patch', args: '{"cmd":"patch","args":{"file":"src/app.ts"}}' });
const answer = await tui.approver({ judged: '@coder patch src/app.ts', tool: '@coder patch', reason: 'edits ask by default', source: 'default', immune: null, options: ['once', 'always', 'no', 'never'], suggestion: '@coder patch src/app.ts' });
say(`answer=${answer}`);
tui.emit({ type: 'tool_result', turn: 1, id: 't1-1', tool: '@coder', cmd: 'patch', ok: true, output: '', durationMs: 4, diff: '--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1 +1 @@\n-old\n+new\n' });
tui.emit({ type: 'final', ok: true, result: 'Which test runner?', question: true, turns: 1, usage });
say('press ctrl-c');
await interrupt;
const message = await tui.askUser('Which test runner?', true);
say(`message=${JSON.stringify(message)}`);
const end = await tui.askUser('ok', false);
say(`end=${JSON.stringify(end)}`);
tui.close();
say(`raw=${String(process.stdin.isRaw)}`);
