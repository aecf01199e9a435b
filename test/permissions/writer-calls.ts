// Per writing command: a call that changes prod.js (in a workspace holding prod.js and lib.js, both PROD),
// and the calls that prepare it. Shared by found-files.test.ts (every command judges the files it finds)
// and rule-words.test.ts (a rule naming one writer, by any alias, judges every writer's change).
import { afterEach, beforeEach } from 'vitest';
import type { CallInput } from '../../src/args/parse-call.js';
import type { Engine } from '../../src/engine/engine.js';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { sandbox, type Sandbox } from './helpers.js';

export const PROD = 'function helper() { return 1 }\nmodule.exports = { helper };\n';

export const writeProd = (content: string): { readonly cmd: string; readonly args: Record<string, unknown> } => ({ cmd: 'write', args: { file: 'prod.js', content } });

export interface WriterRow {
  // Calls that prepare (run without rules).
  readonly before?: readonly CallInput[];
  readonly call: { readonly cmd: string; readonly args: Record<string, unknown> };
  // clean keeps a denied file and names it; every other command is refused.
  readonly keeps?: true;
}

export const REACHES: Readonly<Record<string, WriterRow>> = {
  write: { call: writeProd('x') },
  create: { call: { cmd: 'create', args: { files: [{ path: 'prod.js', content: 'x', overwrite: true }] } } },
  update: { call: { cmd: 'update', args: { files: [{ path: 'prod.js', ops: [{ op: 'insert', at_line: 1, content: 'x' }] }] } } },
  patch: { call: { cmd: 'patch', args: { file: 'prod.js', search: 'return 1', replace: 'return 2' } } },
  multipatch: { call: { cmd: 'multipatch', args: { edits: [{ file: 'prod.js', search: 'return 1', replace: 'return 2' }] } } },
  delete: { call: { cmd: 'delete', args: { paths: ['prod.js'] } } },
  move: { call: { cmd: 'move', args: { from: 'prod.js', to: 'moved.js' } } },
  'delete-symbol': { call: { cmd: 'delete-symbol', args: { file: 'prod.js', symbol: 'helper' } } },
  'insert-after-symbol': { call: { cmd: 'insert-after-symbol', args: { file: 'prod.js', symbol: 'helper', content: 'function x() {}' } } },
  'insert-before-symbol': { call: { cmd: 'insert-before-symbol', args: { file: 'prod.js', symbol: 'helper', content: 'function x() {}' } } },
  'replace-symbol': { call: { cmd: 'replace-symbol', args: { file: 'prod.js', symbol: 'helper', content: 'function helper() { return 2 }' } } },
  'rename-symbol': { call: { cmd: 'rename-symbol', args: { file: 'lib.js', symbol: 'helper', to: 'helperY', textual: true } } },
  clean: { call: { cmd: 'clean', args: { dir: '.', pattern: 'prod.js' } }, keeps: true },
  undo: { before: [writeProd('v2')], call: { cmd: 'undo', args: {} } },
  redo: { before: [writeProd('v2'), { cmd: 'undo', args: {} }], call: { cmd: 'redo', args: {} } },
  restore: { before: [writeProd('v2')], call: { cmd: 'restore', args: { to: 1 } } },
  rollback: { before: [writeProd('v2')], call: { cmd: 'rollback', args: { file: 'prod.js' } } },
};

// Commands that change no file of their own: shell lines are judged by their line, and what a sandboxed
// run leaves behind by the staged apply's plan (src/shell/stage, red team R6-12); the rest only read.
export const NO_FILES_OF_THEIR_OWN: ReadonlySet<string> = new Set(['exec', 'test', 'delegate']);

// A workspace holding prod.js and lib.js for each test, and in-process engines on it (closed after each test).
// `approver`: who answers what asks (absent: --yes; 'nobody': neither, an ask is C241).
export function writerWorkspace(): {
  readonly box: Sandbox;
  engine(rules?: { deny?: string[]; ask?: string[]; allow?: string[] }, approver?: ((request: ApprovalRequest) => Promise<'once' | 'no'>) | 'nobody'): Promise<Engine>;
  closeAll(): Promise<void>;
} {
  let current: Sandbox | undefined;
  const engines: Engine[] = [];
  const closeAll = async (): Promise<void> => {
    for (const made of engines.splice(0)) await made.close();
  };
  beforeEach(async () => {
    current = await sandbox();
    await writeFiles(current.root, { 'prod.js': PROD, 'lib.js': PROD });
  });
  afterEach(async () => {
    await closeAll();
    await current?.cleanup();
  });
  return {
    get box() {
      return current!;
    },
    async engine(rules = {}, approver) {
      const box = current!;
      const asks = typeof approver === 'function' ? { approver } : {};
      const made = await createEngine({ workspace: box.root, env: { HOME: box.home }, permissions: { home: box.home, yes: approver === undefined, cliRules: rules, ...asks } });
      engines.push(made);
      return made;
    },
    closeAll,
  };
}
