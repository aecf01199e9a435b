// Issue 31 (cold exec): the shell decision loads the write gate's obeyed context (obeyed-context.ts, the hook
// walk) only when a written path of the line is judged against it (obeyed-on-demand.ts). The answers must be
// those of a decision with it loaded from the start: a write the repository's git configuration makes obeyed
// still asks through decide(), a first decision that swallowed the stand-in's throw is not the answer, and a
// line that writes nothing is decided once, without it.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decide, type DecideContext } from '../../src/permissions/decide.js';
import { DenialTracker } from '../../src/permissions/denials.js';
import { judgedFor } from '../../src/permissions/explain.js';
import { withObeyedOnDemand } from '../../src/permissions/obeyed-on-demand.js';
import { obeyedContext } from '../../src/permissions/obeyed-context.js';
import { LineWrites } from '../../src/permissions/written-before.js';
import type { Policy } from '../../src/permissions/policy.js';
import type { Decision } from '../../src/permissions/types.js';
import { writeFiles } from '../helpers/fixture.js';
import { parser, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
let policy: Policy;
beforeAll(async () => {
  box = await sandbox();
  await writeFiles(box.root, { 'tools/hk/.keep': '', 'src/a.ts': 'export {};\n', 'q.sql': 'select 1;\n', 'evil.sql': '.shell rm -rf src\n' });
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: box.home };
  expect(spawnSync('git', ['init', '-q'], { cwd: box.root, env }).status).toBe(0);
  // Only the repository's configuration makes tools/hk obeyed (no catalogue entry names it).
  expect(spawnSync('git', ['config', 'core.hooksPath', 'tools/hk'], { cwd: box.root, env }).status).toBe(0);
  policy = await policyWith(box, ['allow @coder exec *']);
});
afterAll(async () => {
  await box.cleanup();
});

const ctx = (): DecideContext => ({ policy, denials: new DenialTracker() });

describe('the shell decision loads the obeyed context on demand', () => {
  it.each(['echo x > tools/hk/pre-commit', 'touch tools/hk/pre-push', 'sh -c "cp src/a.ts tools/hk/post-checkout"'])('%s: a write the git configuration makes obeyed asks, as with the context loaded', async (line) => {
    const judged = judgedFor('exec', line);
    const onDemand = await decide(judged, ctx(), parser);
    const loaded = await decide(judged, { ...ctx(), obeyed: obeyedContext }, parser);
    expect(onDemand.decision).toBe('ask');
    expect(onDemand.immune).toBe('obeyed-later');
    expect(onDemand).toEqual(loaded);
  });

  it.each([['true', 'allow'], ['cat src/a.ts', 'allow'], ['echo hi > src/out.txt', 'ask'], ['rm -rf tools/hk', 'ask']])('%s: %s, the same as with the context loaded', async (line, answer) => {
    const judged = judgedFor('exec', line);
    const onDemand = await decide(judged, ctx(), parser);
    expect(onDemand).toEqual(await decide(judged, { ...ctx(), obeyed: obeyedContext }, parser));
    expect(onDemand.decision).toBe(answer);
  });

  it('a first decision that caught the stand-in is dropped: the answer is the one made with the context loaded', async () => {
    const allowed: Decision = { decision: 'allow', reason: 'caught', source: 'default', judged: 'x' };
    const asked: Decision = { decision: 'ask', reason: 'obeyed', source: 'immune', judged: 'x' };
    const run = vi.fn((on: DecideContext): Decision => {
      try {
        on.obeyed?.(box.root);
        return on.obeyed === obeyedContext ? asked : allowed;
      } catch {
        return allowed;
      }
    });
    expect(await withObeyedOnDemand(ctx(), run)).toEqual(asked);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('a decision that never asks for it is made once, and a context the caller has is used as it is', async () => {
    const run = vi.fn((): Decision => ({ decision: 'allow', reason: 'r', source: 'default', judged: 'x' }));
    await withObeyedOnDemand(ctx(), run);
    expect(run).toHaveBeenCalledTimes(1);
    const own = vi.fn(obeyedContext);
    await withObeyedOnDemand({ ...ctx(), obeyed: own }, (on) => on.obeyed?.(box.root));
    expect(own).toHaveBeenCalledTimes(1);
  });

  it('a throw the stand-in did not cause is the answer', async () => {
    await expect(withObeyedOnDemand(ctx(), () => { throw new Error('own'); })).rejects.toThrow('own');
  });
});

// perf43: written-before.ts's LineWrites (a program's command file the line may write first: R40-b6) loads the same way.
describe('the shell decision loads LineWrites on demand', () => {
  const loaded = (): DecideContext => ({ ...ctx(), obeyed: obeyedContext, lineWrites: LineWrites });
  it.each([
    ['cp evil.sql q.sql; sqlite3 :memory: -init q.sql .quit', 'ask'],
    ['sh -c "cp evil.sql q.sql; sqlite3 :memory: -init q.sql .quit"', 'ask'],
    ['sqlite3 :memory: -init q.sql .quit', 'allow'],
    ['echo hi > src/out.txt; sqlite3 :memory: -init q.sql .quit', 'ask'],
  ])('%s: %s, the same as with it loaded', async (line, answer) => {
    const judged = judgedFor('exec', line);
    const onDemand = await decide(judged, ctx(), parser);
    expect(onDemand).toEqual(await decide(judged, loaded(), parser));
    expect(onDemand.decision).toBe(answer);
  });

  it('a first decision that caught its stand-in is dropped, and a decision that asks for both gets both', async () => {
    const seen: string[] = [];
    const run = vi.fn((on: DecideContext): string => {
      try {
        on.obeyed?.(box.root);
        new on.lineWrites!({ source: '', commands: [], redirections: [] } as never, box.root, box.root);
        return 'both';
      } catch {
        seen.push(`${on.obeyed === obeyedContext} ${on.lineWrites === LineWrites}`);
        return 'caught';
      }
    });
    expect(await withObeyedOnDemand(ctx(), run)).toBe('both');
    expect(seen).toEqual(['false false', 'true false']);
    expect(run).toHaveBeenCalledTimes(3);
  });
});
