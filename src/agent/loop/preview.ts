import type { Engine } from '../../engine/engine.js';

// What the agent shows next to the approval of an `exec` or `test` call, in plain words: the command
// that runs (for `test`, the one the detected runner will start), in which folder, and whether inside the
// OS sandbox. A call that changes files needs nothing here: its question carries the diff of its own
// handler's dry run (ApprovalRequest.preview, engine/dry-run.ts).
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

async function sandboxWords(engine: Engine): Promise<string> {
  const status = await engine.sandbox?.status().catch(() => undefined);
  if (!status?.backend) return `outside any OS sandbox${status?.reason ? ` (${status.reason})` : ''}`;
  const limits = [status.network ? 'with network' : 'no network', ...(status.mode === 'read-only' ? ['read-only'] : [])];
  return `inside the OS sandbox (${status.backend.kind}, ${limits.join(', ')})`;
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
  const dir = text(args['dir']) ?? '.';
  const where = `in ${dir === '.' || dir === '' ? 'the workspace root' : dir} · ${await sandboxWords(engine)}`;
  return { ...(command ? { command } : {}), where };
}
