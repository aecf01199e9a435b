import { createTwoFilesPatch } from 'diff';
import type { Engine } from '../../engine/engine.js';
import { snapshotFiles } from './diffs.js';

// What a call is about to do, for the person approving it: the diff of an edit (write, patch with
// search/replace, create) computed on the current file through the jail, or the command `test` runs.
export interface CallPreview {
  readonly diff?: string;
  readonly command?: string;
}

type Args = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

async function editPreview(engine: Engine, raw: string, name: string, args: Args): Promise<string | undefined> {
  const [file] = await snapshotFiles(engine, raw);
  if (!file) return undefined;
  const before = file.text ?? '';
  let after: string | undefined;
  if (name === 'write' && text(args['content']) !== undefined && args['encoding'] !== 'base64') {
    after = args['append'] === true ? before + text(args['content'])! : text(args['content'])!;
  } else if (name === 'patch' && text(args['search']) !== undefined && text(args['replace']) !== undefined && args['diff'] === undefined && args['encoding'] !== 'base64') {
    const { applySearchReplace } = await import('../../edit/search-replace.js');
    try {
      after = applySearchReplace(before, text(args['search'])!, text(args['replace'])!, { all: args['all'] === true }).text;
    } catch {
      return undefined; // the edit will fail on its own, with its own message
    }
  }
  if (after === undefined || after === before) return undefined;
  const oldName = file.text === null ? '/dev/null' : `a/${file.rel}`;
  return createTwoFilesPatch(oldName, `b/${file.rel}`, before, after, undefined, undefined, { context: 3 }).replace(/^=+\n/, '');
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
  if (name !== 'write' && name !== 'patch') return undefined;
  const diff = await editPreview(engine, raw, name, args);
  return diff ? { diff } : undefined;
}
