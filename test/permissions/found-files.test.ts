// Red team R8-7 (R6-1's class): a command that finds its files as it runs (clean's matches, the files an
// undo, redo or restore puts back, rename-symbol's other files) was judged on what it declared (`--dir .`,
// `undo`), so the person's deny rule on a file it then removed or rewrote was never consulted. Every
// change a handler declares (ctx.intend) now passes the person's rules for each file the call did not
// name: a deny refuses the call (C240 naming the rule and the file), clean keeps the file and names it.
// The walk below covers every command of the registry, so a new one cannot forget it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { runCli, writeFiles } from '../helpers/fixture.js';
import { NO_FILES_OF_THEIR_OWN, PROD, REACHES, writeProd as write, writerWorkspace } from './writer-calls.js';

const DENY = '@coder * prod.js';

const ws = writerWorkspace();
const engine = ws.engine;

describe('every command judges each file it touches by the person\'s rules', () => {
  it('the walk names every command that can change a file', async () => {
    const made = await engine();
    const writers = made.registry.names().map((name) => made.registry.get(name)).filter((command) => command.effect !== 'read' && command.effect !== 'vcs' && !NO_FILES_OF_THEIR_OWN.has(command.name)).map((command) => command.name);
    expect(writers.filter((name) => !(name in REACHES))).toEqual([]);
  });

  // Red team R11-10: a deny rule naming ONE writer (`@coder write prod.js`, or one spelled with an alias,
  // `@coder edit` = patch) judges every writer's change to the path, as `*` does (a delete is a change; the
  // other direction, a delete rule stopping a write, is in rule-words.test.ts).
  const RULES: readonly [string, string][] = [[DENY, DENY], ['@coder write prod.js', '@coder write prod.js'], ['@coder edit prod.js', '@coder patch prod.js']];
  it.each(RULES.flatMap(([rule, shown]) => Object.keys(REACHES).map((name) => [name, rule, shown] as const)))('%s: a deny rule (%s) keeps prod.js as it is', async (name, rule, shown) => {
    const row = REACHES[name]!;
    const free = await engine();
    for (const call of row.before ?? []) expect((await free.run(call)).ok).toBe(true);
    const kept = await readFile(join(ws.box.root, 'prod.js'), 'utf8');
    const result = await (await engine({ deny: [rule] })).run(row.call);
    const named = new RegExp(`prod\\.js.*"${shown.replace(/[.*]/g, '\\$&')}"`);
    if (row.keeps) {
      expect(result.ok, JSON.stringify(result)).toBe(true);
      expect(result.warnings.join('\n')).toMatch(new RegExp(`kept prod\\.js: denied: .*${named.source}`));
    } else {
      if (result.ok) throw new Error(`${name} changed prod.js: ${JSON.stringify(result)}`);
      expect(result.error.code).toBe('C240');
      expect(result.error.message).toMatch(named);
    }
    expect(await readFile(join(ws.box.root, 'prod.js'), 'utf8')).toBe(kept);
  });
});

describe('found files and the other rules', () => {
  it('clean removes the files no rule denies in the same call', async () => {
    await writeFiles(ws.box.root, { 'a.bak': 'a', 'prod.bak': 'p' });
    const result = await (await engine({ deny: ['@coder * prod.bak'] })).run({ cmd: 'clean', args: { dir: '.' } });
    expect(result.data).toMatchObject({ removed: ['a.bak'] });
    expect(await readFile(join(ws.box.root, 'prod.bak'), 'utf8')).toBe('p');
  });

  it('a deny of the person\'s policy file, by glob, keeps what clean below a folder finds', async () => {
    await writeFiles(ws.box.home, { '.codeward/policy.json': JSON.stringify({ rules: [{ pattern: '@coder * cfg/**', action: 'deny' }] }) });
    await writeFiles(ws.box.root, { 'cfg/db.conf': 'c', 'other/x.conf': 'x' });
    const result = await (await engine()).run({ cmd: 'clean', args: { dir: '.', pattern: '*.conf' } });
    expect(result.data).toMatchObject({ removed: ['other/x.conf'] });
    expect(result.warnings.join('\n')).toMatch(/kept cfg\/db\.conf: denied: .*"@coder \* cfg\/\*\*"/);
    expect(await readFile(join(ws.box.root, 'cfg/db.conf'), 'utf8')).toBe('c');
  });

  it('a deny rule for delete keeps a file clean would remove (a removal is a delete)', async () => {
    const result = await (await engine({ deny: ['@coder delete prod.js'] })).run({ cmd: 'clean', args: { dir: '.', pattern: 'prod.js' } });
    expect(result.warnings.join('\n')).toMatch(/kept prod\.js: denied: @coder delete prod\.js/);
    expect(await readFile(join(ws.box.root, 'prod.js'), 'utf8')).toBe(PROD);
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
    expect(await readFile(join(ws.box.root, 'prod.js'), 'utf8')).toBe('v2');
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
    expect(await readFile(join(ws.box.root, 'prod.js'), 'utf8')).toBe('v2');
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
    expect(await readFile(join(ws.box.root, 'prod.js'), 'utf8')).toBe(PROD);
  });
});

// `policy check` is the gate in dry run: it answers as the real call would (the binary's own door).
describe('policy check judges the files a call finds as it runs', () => {
  const check = (call: string) => runCli(['--json', '-C', ws.box.root, '--deny', DENY, 'policy', 'check', call], { env: { HOME: ws.box.home } });

  it('clean names the denied file it would keep', () => {
    const run = check('@coder clean --dir . --pattern prod.js');
    expect(run.json.data?.decision, run.stdout).toBe('ask');
    expect((run.json.data?.assumed as string[] | undefined)?.join('\n')).toMatch(/kept prod\.js: denied: .*"@coder \* prod\.js"/);
  });

  it('an undo that would put prod.js back is denied (C240)', async () => {
    expect(runCli(['--json', '-C', ws.box.root, 'write', '--file', 'prod.js', '--content', 'v2'], { env: { HOME: ws.box.home } }).json.ok).toBe(true);
    const run = check('@coder undo');
    expect(run.json.data, run.stdout).toMatchObject({ decision: 'deny', outcome: 'C240' });
    expect(run.json.data?.reason).toMatch(/prod\.js.*"@coder \* prod\.js"/);
    expect(await readFile(join(ws.box.root, 'prod.js'), 'utf8')).toBe('v2');
  });
});
