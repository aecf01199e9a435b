import { createTwoFilesPatch } from 'diff';
import type { Engine } from '../../engine/engine.js';
import { CHANGE_COMMANDS, planChange, type FileChange } from './preview-edits.js';

export { CHANGE_COMMANDS } from './preview-edits.js';

// What a call is about to do, for the person approving it: the diff of every file a change makes (write,
// patch in both modes, multipatch, create, update, delete) computed on the current files through the jail,
// lines for what a diff cannot show (a folder a delete removes), or the command `test` runs.
export interface CallPreview {
  readonly diff?: string;
  readonly lines?: readonly string[];
  readonly command?: string;
}

type Args = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function fileDiff(change: FileChange): string {
  const oldName = change.before === null ? '/dev/null' : `a/${change.rel}`;
  const newName = change.after === null ? '/dev/null' : `b/${change.rel}`;
  return createTwoFilesPatch(oldName, newName, change.before ?? '', change.after ?? '', undefined, undefined, { context: 3 }).replace(/^=+\n/, '');
}

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
  const args = planned.args as Args;
  if (name === 'test') {
    const command = await testPreview(engine, args);
    return command ? { command } : undefined;
  }
  if (!CHANGE_COMMANDS.has(name)) return undefined;
  const plan = await planChange(engine, name, args).catch(() => undefined);
  if (!plan) return undefined;
  const diff = plan.files.filter((change) => change.before !== change.after).map(fileDiff).join('');
  if (diff === '' && plan.notes.length === 0) return undefined;
  return { ...(diff ? { diff } : {}), ...(plan.notes.length > 0 ? { lines: plan.notes } : {}) };
}
