import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debugTimingWanted, startTiming } from '../../src/engine/timing.js';
import { VALUE_GLOBALS } from '../../src/doors/global-options.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const STAGES = ['node start-up', 'module load', 'command definition load', 'config, settings, trust read', 'policy build', 'sandbox setup', 'validate, jail', 'danger check', 'permission gate load', 'permission gate', 'command run', 'output', 'total'];

describe('--debug-timing', () => {
  let root: string;
  beforeAll(async () => {
    root = await tempDir();
    await writeFiles(root, { 'small.txt': 'hello\n' });
  });
  afterAll(() => removeDir(root));

  it('prints every stage of a real call to stderr and leaves stdout as without it', () => {
    const plain = runCli(['--json', '-C', root, 'read', '--file', 'small.txt']);
    const timed = runCli(['--json', '-C', root, '--debug-timing', 'read', '--file', 'small.txt']);
    expect(timed.status).toBe(0);
    expect(timed.json.data).toEqual(plain.json.data);
    for (const stage of STAGES) expect(timed.stderr).toMatch(new RegExp(`^timing: ${stage} +\\d+\\.\\d ms  cpu +\\d+\\.\\d ms$`, 'm'));
    expect(plain.stderr).not.toContain('timing:');
  });

  it('shows what a writing call loads: the syntax check (a read loads none of it)', () => {
    const write = runCli(['--json', '-C', root, '--debug-timing', '--yes', 'write', '--file', 'b.ts', '--content', 'export const b = 1;\n']);
    expect(write.json.ok, write.stderr).toBe(true);
    expect(write.stderr).toMatch(/^timing: syntax check load +\d+\.\d ms {2}cpu +\d+\.\d ms$/m);
    const read = runCli(['--json', '-C', root, '--debug-timing', 'read', '--file', 'small.txt']);
    expect(read.stderr).not.toContain('syntax check load');
  });

  it('is asked for by CODEWARD_DEBUG_TIMING=1 too', () => {
    const timed = runCli(['--json', '-C', root, 'read', '--file', 'small.txt'], { env: { CODEWARD_DEBUG_TIMING: '1' } });
    expect(timed.json.ok).toBe(true);
    expect(timed.stderr).toMatch(/^timing: module load /m);
  });

  it('leaves a value that spells the flag to the command', () => {
    const search = runCli(['--json', '-C', root, 'search', '--term', '--debug-timing']);
    expect(search.stderr).not.toContain('timing:');
    expect(debugTimingWanted(['-C', '--debug-timing', 'read'], {}, VALUE_GLOBALS)).toEqual({ wanted: false, argv: ['-C', '--debug-timing', 'read'] });
    expect(debugTimingWanted(['--json', '--debug-timing', 'read', '--debug-timing'], {}, VALUE_GLOBALS)).toEqual({ wanted: true, argv: ['--json', 'read', '--debug-timing'] });
  });

  it('adds up a stage marked twice and reports the total at the last mark, wall and CPU time', () => {
    let now = 10;
    let cpu = 4;
    const timing = startTiming(() => now, () => cpu);
    now = 15;
    cpu = 6;
    timing.mark('a');
    now = 18;
    cpu = 9;
    timing.mark('b');
    now = 20;
    cpu = 9.5;
    timing.mark('a');
    expect(timing.report().split('\n')).toEqual([
      'timing: node start-up    10.0 ms  cpu     4.0 ms',
      'timing: a                 7.0 ms  cpu     2.5 ms',
      'timing: b                 3.0 ms  cpu     3.0 ms',
      'timing: total            20.0 ms  cpu     9.5 ms',
      '',
    ]);
  });
});
