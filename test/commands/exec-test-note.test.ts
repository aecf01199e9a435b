import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import { engineFor, removeDir, tempDir } from '../helpers/fixture.js';

// exec's raw output of a large test run stays in every later request of a model (issue 29, live run:
// `exec npx tape test/*.js`, 491 passing lines): exec says the test command runs the same line summarised,
// with the call's own dir. Small outputs and outputs that are no test run get no note.
let root: string;
let engine: Engine;
beforeAll(async () => {
  root = await tempDir('codeward-exec-test-note-');
  engine = await engineFor(root);
});
afterAll(async () => {
  await engine.close();
  await removeDir(root);
});

const tap = (count: number, failing = 0): string => `for i in $(seq 1 ${count}); do echo "ok $i should be equal to the expected value"; done; ${failing > 0 ? `echo "not ok ${count + 1} broken"; ` : ''}echo "1..${count + failing}"; echo "# tests ${count + failing}"; echo "# pass  ${count}"${failing > 0 ? `; echo "# fail  ${failing}"` : ''}`;
const warnings = async (cmd: string, dir = '.'): Promise<string> => {
  const envelope = await engine.run({ cmd: 'exec', args: { cmd, dir } });
  return envelope.warnings.join('\n');
};

describe('exec names the test command for a large test run', () => {
  it('a passing and a failing tape run: the note names the same line, summarised', async () => {
    expect(await warnings(tap(200))).toMatch(/^this output is a test run \(200 passed, 0 failed, \d+ characters\): the test command runs the same line summarised .*`codeward test --cmd "for i in/m);
    expect(await warnings(tap(150, 1))).toMatch(/test run \(150 passed, 1 failed/);
  });

  it('the call\'s dir is kept in the suggested call', async () => {
    await engine.run({ cmd: 'exec', args: { cmd: 'mkdir -p pkg' } });
    expect(await warnings(tap(200), 'pkg')).toContain('--dir "pkg"');
  });

  it('no note for a small run or for a large output that is no test run', async () => {
    expect(await warnings(tap(5))).not.toContain('test run');
    expect(await warnings('seq 1 5000')).not.toContain('test run');
  });
});
