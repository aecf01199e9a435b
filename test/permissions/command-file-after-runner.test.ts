// fix60's LEFT (fix66): a program's file of commands (`sqlite3 -init F`, `psql -f F`, `gdb -x F`: immune-command-files.ts)
// was checked against what ITS OWN script line wrote before it, never against the lines a runner ran before that line
// (a make recipe's earlier line, the call's own line before `make`, an earlier package script of the same run). In
// place under --yes the text read was not the one sqlite3 ran: `.shell rm -rf sub` from evil.sql. decide-scripts.ts now
// hands each script line what the lines before it may have written.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const INIT = 'sqlite3 -init q.sql :memory: .quit';
const files = {
  'q.sql': 'select 1;\n',
  'evil.sql': '.shell rm -rf sub\n',
  Makefile: `x:\n\tcp evil.sql q.sql\n\t${INIT}\ny:\n\t${INIT}\n`,
  'package.json': JSON.stringify({ scripts: { both: 'npm run prep && npm run q', prep: 'cp evil.sql q.sql', q: INIT } }),
};
const has = (program: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!bwrapWorks || !has('sqlite3') || !has('make'))('a command file a runner\'s earlier line wrote', { timeout: 120_000 }, () => {
  it.each(['make x', 'cp evil.sql q.sql; make y', 'npm run both'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
  it('control: `make y` with the file as it is runs', async () => {
    expect(await run('make y', files)).toBe('ran');
  });
});
