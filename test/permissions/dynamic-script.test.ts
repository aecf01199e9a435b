import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';

// An interpreter whose program is only known at run time is a command only known at run time: `node $(which
// npm) run deploy` ran npm's deploy under --yes past `--deny '@coder exec?npm run deploy*'` (red team R14-16).
let root: string;
beforeAll(async () => {
  root = await tempDir('codeward-dynamic-script-');
});
afterAll(async () => removeDir(root));

const outcome = (line: string) => /outcome: (.*)/.exec(runCli(['--deny', '@coder exec?npm run deploy*', 'policy', 'check', JSON.stringify({ cmd: 'exec', args: { cmd: line } })], { cwd: root, yes: true }).stdout)?.[1];

describe('a script only known at run time', () => {
  it.each(['node $(which npm) run deploy', 'python3.11 "$(command -v tool)" run', 'bash `ls *.sh | head -1`', 'perl $SCRIPT'])('%j needs a person', (line) => {
    expect(outcome(line)).toMatch(/^ask a person/);
  });

  // npm's own script run by node, or npm through corepack, is npm for the rule.
  it.each(['node /usr/lib/node_modules/npm/bin/npm-cli.js run deploy', 'node /usr/bin/npm run-script deploy', 'corepack npm run deploy'])('%j is denied', (line) => {
    expect(outcome(line)).toBe('C240');
  });

  it.each(['node scripts/x.js', 'node /usr/lib/node_modules/npm/bin/npm-cli.js run build', 'for f in a.sh b.sh; do bash $f; done', 'python3 -m pytest -q'])('%j still runs under --yes', (line) => {
    expect(outcome(line)).toBe('run (--yes)');
  });
});
