import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';

// Issue 28 item 6 and the watch modes, through the real binary: a bare shell (`FOO=bar; bash`, which
// ChatCLI refuses) and a watch mode (which ran to the 600 s timeout) are refused at once with C210 and
// the way to run them once; the same programs with a script or without watching still run.
let root: string;
let home: string;
beforeEach(async () => {
  root = await tempDir();
  home = await tempDir('codeward-home-');
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(home);
});

// The ChatCLI plugin door's --yes (where the bare shell ran) for the refusals; the CLI's --yes for the rest.
const exec = (line: string, plugin = true) => runCli(['--json', 'exec', '--cmd', line, '--timeout', '20'], { cwd: root, env: { CODEWARD_STATE_DIR: home, HOME: home, ...(plugin ? { CODEWARD_CHATCLI_PLUGIN: '1' } : {}) } });

describe('refused before they run', () => {
  it.each([
    ['FOO=bar; bash', 'bash'],
    ['sh', 'sh'],
    ['env X=1 zsh -i', 'zsh'],
    ['jest --watchAll', 'a watch mode'],
    ['npx jest --watch', 'a watch mode'],
    ['tsc -w -p .', 'a watch mode'],
    ['timeout 5 nodemon app.js', 'a watch mode'],
    ['vitest watch', 'a watch mode'],
  ])('%s', (line, program) => {
    const result = exec(line);
    expect(result.json.error?.code, result.stdout).toBe('C210');
    expect(result.json.error?.message).toMatch(new RegExp(`^${program} needs a terminal`));
  });
});

describe('still run', () => {
  it.each(['bash -c "echo ran"', 'echo echo ran > s.sh && sh s.sh', 'FOO=bar; echo ran'])('%s', (line) => {
    const result = exec(line, false);
    expect(result.json.ok, result.stdout).toBe(true);
    expect(result.json.data.stdout).toContain('ran');
  });
});
