import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultConfig, defineCommand, Engine, Registry, Workspace, type EngineHooks } from '../../src/index.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
beforeEach(async () => {
  root = await tempDir();
  await writeFiles(root, { 'a.txt': 'a\n', 'b.txt': 'b\n' });
});
afterEach(async () => removeDir(root));

const log: string[] = [];
const touchCommand = defineCommand({
  name: 'touchy',
  aliases: ['touchy_alias'],
  summary: 'test command',
  flags: z.object({ file: z.string(), delay: z.number().int().default(0) }).strict(),
  examples: [],
  effect: 'write',
  effectArgs: [],
  annotations: { readOnly: false, destructive: false, idempotent: true },
  touches: (args) => [{ path: args.file, access: 'write' }],
  run: async (args, ctx) => {
    log.push(`start ${args.file}`);
    await new Promise((resolve) => setTimeout(resolve, args.delay));
    log.push(`end ${args.file}`);
    return { rel: ctx.path(args.file).rel };
  },
  format: () => '',
});
const batchCommand = defineCommand({
  name: 'batchy',
  summary: 'test batch command',
  flags: z.object({ paths: z.array(z.string()) }).strict(),
  examples: [],
  effect: 'write',
  effectArgs: [],
  batch: true,
  annotations: { readOnly: false, destructive: false, idempotent: true },
  touches: (args) => args.paths.map((path) => ({ path, access: 'write' as const })),
  run: async (args, ctx) =>
    args.paths.map((path) => {
      try {
        return { path, ok: ctx.path(path).rel };
      } catch (error) {
        return { path, code: (error as { code: string }).code };
      }
    }),
  format: () => '',
});

async function engine(hooks: Partial<EngineHooks> = {}): Promise<Engine> {
  const workspace = await Workspace.open(root);
  return new Engine({ registry: new Registry([touchCommand, batchCommand]), workspace, config: defaultConfig(), hooks });
}

describe('Engine.run pipeline', () => {
  it('runs stages in the contract order: jail, classify, authorize, staleness, handler, afterRun', async () => {
    const order: string[] = [];
    const run = await engine({
      classify: () => void order.push('classify'),
      authorize: () => void order.push('authorize'),
      checkStale: () => (order.push('stale'), ['stale warning']),
      afterRun: () => void order.push('after'),
    });
    const envelope = await run.run({ cmd: 'touchy', args: { file: 'a.txt' } });
    expect(order).toEqual(['classify', 'authorize', 'stale', 'after']);
    expect(envelope).toEqual({ ok: true, cmd: 'touchy', data: { rel: 'a.txt' }, warnings: ['stale warning'] });
  });

  it('a jail escape is C215 before any hook is asked', async () => {
    const order: string[] = [];
    const run = await engine({ classify: () => void order.push('classify'), authorize: () => void order.push('authorize') });
    const envelope = await run.run(['touchy', '--file', '../escape.txt']);
    expect(envelope).toMatchObject({ ok: false, cmd: 'touchy', error: { code: 'C215' } });
    expect(order).toEqual([]);
  });

  it('a hook error stops the call and keeps its code', async () => {
    const { fail } = await import('../../src/engine/errors.js');
    const run = await engine({ authorize: () => { throw fail('C240', 'denied by rule X'); } });
    const envelope = await run.run('touchy --file a.txt');
    expect(envelope).toMatchObject({ ok: false, error: { code: 'C240', message: 'denied by rule X' } });
    expect(envelope.ok || envelope.usage).toBeFalsy();
  });

  it('argument errors are marked as usage errors with the guessed command name', async () => {
    const run = await engine();
    expect(await run.run(['touchy'])).toMatchObject({ ok: false, cmd: 'touchy', usage: true, error: { code: 'C210' } });
    expect(await run.run({ cmd: 'nope', args: {} })).toMatchObject({ ok: false, cmd: 'nope', usage: true });
  });

  it('aliases resolve to the command name in the envelope', async () => {
    const run = await engine();
    expect(await run.run({ cmd: 'TOUCHY_ALIAS', args: { path: 'a.txt' } })).toMatchObject({ ok: true, cmd: 'touchy' });
  });

  it('serialises calls that write the same file and runs different files in parallel', async () => {
    log.length = 0;
    const run = await engine();
    await Promise.all([
      run.run({ cmd: 'touchy', args: { file: 'a.txt', delay: 40 } }),
      run.run({ cmd: 'touchy', args: { file: 'a.txt', delay: 0 } }),
    ]);
    expect(log).toEqual(['start a.txt', 'end a.txt', 'start a.txt', 'end a.txt']);
    log.length = 0;
    await Promise.all([
      run.run({ cmd: 'touchy', args: { file: 'a.txt', delay: 40 } }),
      run.run({ cmd: 'touchy', args: { file: 'b.txt', delay: 0 } }),
    ]);
    expect(log.slice(0, 2).sort()).toEqual(['start a.txt', 'start b.txt']);
  });

  it('a batched command gets per-entry jail errors instead of failing the call', async () => {
    const run = await engine();
    const envelope = await run.run({ cmd: 'batchy', args: { paths: ['a.txt', '../x', '.env'] } });
    expect(envelope).toMatchObject({ ok: true, data: [{ path: 'a.txt', ok: 'a.txt' }, { path: '../x', code: 'C215' }, { path: '.env', code: 'C211' }] });
  });
});
