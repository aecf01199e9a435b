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
  // FRICTION (session 70, shl87's shell start-up files): a word only known at run time where a shell's option may stand
  // may be `-i` (an interactive shell sources $ENV), and the plan does not see a loop variable's values: `bash $f`
  // asks; `bash "./$f"` (the word cannot be an option) runs.
  it('bash $f (f a loop variable) asks: the word may be an option', () => {
    expect(outcome('for f in a.sh b.sh; do bash $f; done')).toMatch(/^ask a person/);
  });

  it.each(['node $(which npm) run deploy', 'python3.11 "$(command -v tool)" run', 'bash `ls *.sh | head -1`', 'perl $SCRIPT'])('%j needs a person', (line) => {
    expect(outcome(line)).toMatch(/^ask a person/);
  });

  // npm's own script run by node, or npm through corepack, is npm for the rule.
  it.each(['node /usr/lib/node_modules/npm/bin/npm-cli.js run deploy', 'node /usr/bin/npm run-script deploy', 'corepack npm run deploy'])('%j is denied', (line) => {
    expect(outcome(line)).toBe('C240');
  });

  it.each(['node scripts/x.js', 'node /usr/lib/node_modules/npm/bin/npm-cli.js run build', 'for f in a.sh b.sh; do bash "./$f"; done', 'python3 -m pytest -q'])('%j still runs under --yes', (line) => {
    expect(outcome(line)).toBe('run (--yes)');
  });
});
