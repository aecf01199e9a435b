import type { Engine } from '../../engine/engine.js';

// What the agent shows next to the approval of a `test` call: the command the detected runner will start
// (a --cmd line is the question itself). A call that changes files needs nothing here: its question
// carries the diff of its own handler's dry run (ApprovalRequest.preview, engine/dry-run.ts).
export interface CallPreview {
  readonly command?: string;
}

type Args = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

async function testPreview(engine: Engine, args: Args): Promise<string | undefined> {
  const line = text(args['cmd']);
  if (line !== undefined && line.trim() !== '') return line;
  try {
    const folder = await engine.workspace.resolve(text(args['dir']) ?? '.', 'read');
    const [{ detectTestRunner }, { withPattern }] = await Promise.all([import('../../shell/test-detect.js'), import('../../shell/test-detect-pattern.js')]);
    const runner = await detectTestRunner(folder.real);
    return runner ? withPattern(runner, text(args['pattern'])).command : undefined;
  } catch {
    return undefined;
  }
}

export async function previewCall(engine: Engine, raw: string): Promise<CallPreview | undefined> {
  let planned;
  try {
    planned = engine.plan(raw);
  } catch {
    return undefined;
  }
  if (planned.command.name !== 'test') return undefined;
  const command = await testPreview(engine, planned.args as Args);
  return command ? { command } : undefined;
}
