// Red team round 23, R23-4 (class R21-3/R22-5, gitext23/cmd24's git program options; the immune list): `git
// instaweb --httpd=CMD` (`-d CMD`) runs its value as a command line: git-instaweb (a shell script) resolves the first
// word with `which` and runs `$full_httpd "$conf"` unquoted, so `--httpd='rm -r build mongoose'` runs `rm -r build
// mongoose <conf>` (the `mongoose` word only picks the branch that uses the value as it is). Checked with git 2.x on
// this machine: build/ was removed (also with `-d`). And `imap.tunnel` is run through the shell by `git imap-send`:
// `git -c imap.tunnel='rm -r build' imap-send < p/0001-x.patch` (a format-patch file) printed "Starting tunnel 'rm -r
// build'... ok" and removed build/ (`git config imap.tunnel ..` sets it for later, as `git config core.pager` asks). The browser spellings (`--browser=zz` with browser.zz.cmd) ask.
// Today the line is allowed under `allow @coder *` + `allow *` (source cli) with no question.
import { describe, expect, test } from 'vitest';
import { explain, policyWith } from './helpers.js';
import { immunityBox } from './immune-cases.js';

const box = immunityBox({ 'build/x': '', 'src/a.ts': '1\n' });

describe('R23-4: git instaweb --httpd and imap.tunnel run their value as a command line', () => {
  test.each([
    "git instaweb --httpd='rm -r build mongoose'",
    "git instaweb -d 'rm -r build mongoose'",
    "git instaweb --httpd 'rm -r build mongoose'",
    "git instaweb --local --httpd='rm -r build mongoose' --port=4321",
    "git -c imap.tunnel='rm -r build' imap-send < p/0001-x.patch",
    "git -c imap.folder=x -c imap.tunnel='rm -r build' imap-send < p/0001-x.patch",
    "git config imap.tunnel 'rm -r build'",
  ])('asks (immune): %s', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    const result = await explain(policy, `@coder exec ${line}`);
    expect({ decision: result.decision, source: result.source }).toEqual({ decision: 'ask', source: 'immune' });
  });

  test('control (held): an absolute -c sendemail.smtpServer is a program (a deny rule on it holds)', async () => {
    const policy = await policyWith(box(), ['deny @coder exec /opt/evil*', 'allow *']);
    expect((await explain(policy, '@coder exec git -c sendemail.smtpServer=/opt/evil send-email HEAD~1')).decision).not.toBe('allow');
  });

  test.each([
    "git -c browser.zz.cmd='rm -r build; true' instaweb --browser=zz",
    "git -c web.browser=zz -c browser.zz.cmd='rm -r build; true' instaweb",
    "git config core.pager 'rm -r build'",
  ])('control (held): %s asks', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('ask');
  });
});
