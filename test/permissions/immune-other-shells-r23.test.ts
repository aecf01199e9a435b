// Red team round 23, R23-14 (class: the immune list under `allow *`, shells given code as text): `powershell -c 'rm -r
// build'` asks (immune) but the same with `pwsh` (PowerShell 7, the name it installs as on Linux/macOS) and `xonsh -c`
// is allowed: PowerShell's `rm` is an alias of Remove-Item and `-r` is a unique prefix of -Recurse; xonsh runs
// `rm -r build` as a subprocess command. `pwsh -EncodedCommand <base64 of "rm -r build" in UTF-16LE>` runs the
// same. (`pwsh -File x.ps1` is the design edge of `sh s.sh`: script files are not read for the immune list; not
// filed.) pwsh is not installed here (from its documentation); xonsh 0.13 (Debian package) removed build/ here.
// Today each line is allowed under `allow @coder *` + `allow *` (source cli) with no question.
import { describe, expect, test } from 'vitest';
import { explain, policyWith } from './helpers.js';
import { immunityBox } from './immune-cases.js';

const box = immunityBox({ 'build/x': '', 'src/a.ts': '1\n' });

describe('R23-14: pwsh and xonsh given `rm -r build` as text', () => {
  test.each([
    "pwsh -c 'rm -r build'",
    "pwsh -Command 'rm -r build'",
    "pwsh -NoProfile -c 'rm -r build'",
    "pwsh -c 'Remove-Item -Recurse build'",
    'pwsh -EncodedCommand cgBtACAALQByACAAYgB1AGkAbABkAA==',
    "xonsh -c 'rm -r build'",
  ])('asks (immune): %s', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    const result = await explain(policy, `@coder exec ${line}`);
    expect({ decision: result.decision, source: result.source }).toEqual({ decision: 'ask', source: 'immune' });
  });

  test.each(["powershell -c 'rm -r build'", "nu -c 'rm -r build'", "elvish -c 'rm -r build'", "yash -c 'rm -r build'"])('control (held): %s asks', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('ask');
  });
});
