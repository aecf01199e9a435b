// Red team R8-7 (R6-1's class): a command that finds its files as it runs (clean's matches, the files an
// undo, redo or restore puts back, rename-symbol's other files) was judged on what it declared (`--dir .`,
// `undo`), so the person's deny rule on a file it then removed or rewrote was never consulted. Every
// change a handler declares (ctx.intend) now passes the person's rules for each file the call did not
// name: a deny refuses the call (C240 naming the rule and the file), clean keeps the file and names it.
// The walk below covers every command of the registry, so a new one cannot forget it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallInput } from '../../src/args/parse-call.js';
import type { Engine } from '../../src/engine/engine.js';
import { createEngine } from '../../src/setup.js';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { runCli, writeFiles } from '../helpers/fixture.js';
import { sandbox, type Sandbox } from './helpers.js';

const PROD = 'function helper() { return 1 }\nmodule.exports = { helper };\n';
const DENY = '@coder * prod.js';

let box: Sandbox;
const engines: Engine[] = [];
beforeEach(async () => {
  box = await sandbox();
  await writeFiles(box.root, { 'prod.js': PROD, 'lib.js': PROD });
});
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  await box.cleanup();
});

async function engine(rules: { deny?: string[]; ask?: string[]; allow?: string[] } = {}, approver?: (request: ApprovalRequest) => Promise<'once' | 'no'>): Promise<Engine> {
  const made = await createEngine({ workspace: box.root, env: { HOME: box.home }, permissions: { home: box.home, yes: approver === undefined, cliRules: rules, ...(approver ? { approver } : {}) } });
  engines.push(made);
  return made;
}

const write = (content: string): CallInput => ({ cmd: 'write', args: { file: 'prod.js', content } });

// Per command: the calls that prepare (run without rules) and the call that reaches prod.js.
interface Row {
  readonly before?: readonly CallInput[];
  readonly call: CallInput;
  // clean keeps a denied file and names it; every other command is refused.
  readonly keeps?: true;
}
const REACHES: Record<string, Row> = {
  write: { call: write('x') },
  create: { call: { cmd: 'create', args: { files: [{ path: 'prod.js', content: 'x' }] } } },
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
  undo: { before: [write('v2')], call: { cmd: 'undo', args: {} } },
  redo: { before: [write('v2'), { cmd: 'undo', args: {} }], call: { cmd: 'redo', args: {} } },
  restore: { before: [write('v2')], call: { cmd: 'restore', args: { to: 1 } } },
  rollback: { before: [write('v2')], call: { cmd: 'rollback', args: { file: 'prod.js' } } },
};
// Commands that change no file of their own: shell lines are judged by their line, and what a sandboxed
// run leaves behind by the staged apply's plan (src/shell/stage, red team R6-12); the rest only read.
const NO_FILES_OF_THEIR_OWN = new Set(['exec', 'test', 'delegate']);

describe('every command judges each file it touches by the person\'s rules', () => {
  it('the walk names every command that can change a file', async () => {
    const made = await engine();
    const writers = made.registry.names().map((name) => made.registry.get(name)).filter((command) => command.effect !== 'read' && command.effect !== 'vcs' && !NO_FILES_OF_THEIR_OWN.has(command.name)).map((command) => command.name);
    expect(writers.filter((name) => !(name in REACHES))).toEqual([]);
  });

  it.each(Object.keys(REACHES))('%s: a deny rule on prod.js keeps it as it is', async (name) => {
    const row = REACHES[name]!;
    const free = await engine();
    for (const call of row.before ?? []) expect((await free.run(call)).ok).toBe(true);
    const kept = await readFile(join(box.root, 'prod.js'), 'utf8');
    const result = await (await engine({ deny: [DENY] })).run(row.call);
    if (row.keeps) {
      expect(result.ok, JSON.stringify(result)).toBe(true);
      expect(result.warnings.join('\n')).toMatch(/kept prod\.js: denied: .*prod\.js.*"@coder \* prod\.js"/);
    } else {
      if (result.ok) throw new Error(`${name} changed prod.js: ${JSON.stringify(result)}`);
      expect(result.error.code).toBe('C240');
      expect(result.error.message).toMatch(/prod\.js.*"@coder \* prod\.js"/);
    }
    expect(await readFile(join(box.root, 'prod.js'), 'utf8')).toBe(kept);
  });
});

describe('found files and the other rules', () => {
  it('clean removes the files no rule denies in the same call', async () => {
    await writeFiles(box.root, { 'a.bak': 'a', 'prod.bak': 'p' });
    const result = await (await engine({ deny: ['@coder * prod.bak'] })).run({ cmd: 'clean', args: { dir: '.' } });
    expect(result.data).toMatchObject({ removed: ['a.bak'] });
    expect(await readFile(join(box.root, 'prod.bak'), 'utf8')).toBe('p');
  });

  it('a deny of the person\'s policy file, by glob, keeps what clean below a folder finds', async () => {
    await writeFiles(box.home, { '.codeward/policy.json': JSON.stringify({ rules: [{ pattern: '@coder * cfg/**', action: 'deny' }] }) });
    await writeFiles(box.root, { 'cfg/db.conf': 'c', 'other/x.conf': 'x' });
    const result = await (await engine()).run({ cmd: 'clean', args: { dir: '.', pattern: '*.conf' } });
    expect(result.data).toMatchObject({ removed: ['other/x.conf'] });
    expect(result.warnings.join('\n')).toMatch(/kept cfg\/db\.conf: denied: .*"@coder \* cfg\/\*\*"/);
    expect(await readFile(join(box.root, 'cfg/db.conf'), 'utf8')).toBe('c');
  });

  it('a deny rule for delete keeps a file clean would remove (a removal is a delete)', async () => {
    const result = await (await engine({ deny: ['@coder delete prod.js'] })).run({ cmd: 'clean', args: { dir: '.', pattern: 'prod.js' } });
    expect(result.warnings.join('\n')).toMatch(/kept prod\.js: denied: @coder delete prod\.js/);
    expect(await readFile(join(box.root, 'prod.js'), 'utf8')).toBe(PROD);
  });

  it('an ask rule on a file an undo puts back asks once, naming it; a no leaves it as it is', async () => {
    expect((await (await engine()).run(write('v2'))).ok).toBe(true);
    const asked: ApprovalRequest[] = [];
    const gated = await engine({ allow: ['@coder undo'], ask: ['@coder * prod.js'] }, async (request) => {
      asked.push(request);
      return 'no';
    });
    const result = await gated.run({ cmd: 'undo', args: {} });
    expect(result.ok ? 'ok' : result.error.code).toBe('C240');
    expect(asked.map((request) => request.judged)).toEqual(['@coder undo prod.js']);
    expect(await readFile(join(box.root, 'prod.js'), 'utf8')).toBe('v2');
  });

  it('a person is not asked about an undo whose dry run meets a denied file', async () => {
    expect((await (await engine()).run(write('v2'))).ok).toBe(true);
    const asked: ApprovalRequest[] = [];
    const gated = await engine({ deny: [DENY] }, async (request) => {
      asked.push(request);
      return 'once';
    });
    const result = await gated.run({ cmd: 'undo', args: {} });
    expect(result.ok ? 'ok' : result.error.message).toMatch(/denied: @coder undo prod\.js/);
    expect(asked).toEqual([]);
    expect(await readFile(join(box.root, 'prod.js'), 'utf8')).toBe('v2');
  });

  it('an undo allowed by a rule asks nothing more for files no rule names', async () => {
    expect((await (await engine()).run(write('v2'))).ok).toBe(true);
    const asked: ApprovalRequest[] = [];
    const gated = await engine({ allow: ['@coder undo'] }, async (request) => {
      asked.push(request);
      return 'no';
    });
    expect((await gated.run({ cmd: 'undo', args: {} })).ok).toBe(true);
    expect(asked).toEqual([]);
    expect(await readFile(join(box.root, 'prod.js'), 'utf8')).toBe(PROD);
  });
});

// `policy check` is the gate in dry run: it answers as the real call would (the binary's own door).
describe('policy check judges the files a call finds as it runs', () => {
  const check = (call: string) => runCli(['--json', '-C', box.root, '--deny', DENY, 'policy', 'check', call], { env: { HOME: box.home } });

  it('clean names the denied file it would keep', () => {
    const run = check('@coder clean --dir . --pattern prod.js');
    expect(run.json.data?.decision, run.stdout).toBe('ask');
    expect((run.json.data?.assumed as string[] | undefined)?.join('\n')).toMatch(/kept prod\.js: denied: .*"@coder \* prod\.js"/);
  });

  it('an undo that would put prod.js back is denied (C240)', async () => {
    expect(runCli(['--json', '-C', box.root, 'write', '--file', 'prod.js', '--content', 'v2'], { env: { HOME: box.home } }).json.ok).toBe(true);
    const run = check('@coder undo');
    expect(run.json.data, run.stdout).toMatchObject({ decision: 'deny', outcome: 'C240' });
    expect(run.json.data?.reason).toMatch(/prod\.js.*"@coder \* prod\.js"/);
    expect(await readFile(join(box.root, 'prod.js'), 'utf8')).toBe('v2');
  });
});
