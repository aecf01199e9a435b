import type { Engine } from '../../engine/engine.js';

// What the agent's event stream says before an `exec` or `test` call runs (a `preview` event), in plain
// words: the command that runs (for `test`, the one the detected runner will start), in which folder, and
// whether inside the OS sandbox. The approval question has its own, from the call's own preview
// (CommandDefinition.runs, permissions/question.ts), in every door.
export interface CallPreview {
  readonly command?: string;
  // `in sub/dir · inside the OS sandbox (bwrap, no network)`.
  readonly where?: string;
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
  const name = planned.command.name;
  if (name !== 'test' && name !== 'exec') return undefined;
  const args = planned.args as Args;
  const command = name === 'test' ? await testPreview(engine, args) : text(args['cmd']);
  const { folderWords, sandboxWords } = await import('../../shell/run-preview.js');
  const where = `in ${folderWords(text(args['dir']))} · ${(await sandboxWords(engine.sandbox)).words}`;
  return { ...(command ? { command } : {}), where };
}
