import { execFileSync } from 'node:child_process';
// Red team R6-8 from the attacker's side: the sandbox showed git's system config (/etc/gitconfig) raw,
// while ~/.gitconfig is shown as a copy without its token lines; /etc/environment, environment.d and
// profile.d (where exported tokens live on shared boxes) were shown whole. Now each is a copy without its
// secret lines (git-identity.ts), bound over /etc's own (view.ts etcCopied).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { cleanGitConfigs, looksSecret, withoutSecretAssignments, withoutSecrets } from '../../src/sandbox/git-identity.js';
import { etcCopied } from '../../src/sandbox/view.js';
import { bwrapWorks } from '../shell/stage-helpers.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('codeward-etc-copies-');
});
afterEach(async () => {
  await removeDir(dir);
});

describe('the /etc files shown as copies', () => {
  it('git\'s system config, /etc/environment, environment.d and profile.d files are the ones copied', async () => {
    await writeFiles(dir, { 'etc/gitconfig': '', 'etc/environment.d/10-a.conf': 'A=1\n', 'etc/profile.d/tok.sh': 'export X=1\n' });
    expect(etcCopied(join(dir, 'etc')).sort()).toEqual(['environment', 'environment.d/10-a.conf', 'gitconfig', 'profile.d/tok.sh'].map((rel) => join(dir, 'etc', rel)));
  });

  it('drops secret assignments by name and by value, keeps the rest', () => {
    const text = 'PATH="/usr/local/bin:/usr/bin"\nexport GITHUB_TOKEN=abc\nexport DEPLOY_HOOK="https://hooks.slack.com/services/T/B/x"\nLANG=C.UTF-8\nsetenv NPM_TOKEN x\n# comment\n';
    const clean = withoutSecretAssignments(text)!;
    expect(clean).toContain('PATH="/usr/local/bin:/usr/bin"');
    expect(clean).toContain('LANG=C.UTF-8');
    expect(clean).toContain('# comment');
    for (const secret of ['GITHUB_TOKEN', 'hooks.slack.com', 'NPM_TOKEN']) expect(clean).not.toContain(secret);
    expect(withoutSecretAssignments('LANG=C\n')).toBeUndefined();
  });

  it('a system git config with an extraHeader gets a clean copy (the name gitconfig counts)', async () => {
    const path = join(dir, 'etc/gitconfig');
    await writeFiles(dir, { 'etc/gitconfig': '[http "https://example.com/"]\n\textraHeader = AUTHORIZATION: basic c2VjcmV0\n[core]\n\tautocrlf = input\n' });
    const copy = cleanGitConfigs([path], join(dir, 'state')).get(path);
    expect(copy).toBeTruthy();
    expect(readFileSync(copy!, 'utf8')).not.toContain('c2VjcmV0');
    expect(readFileSync(copy!, 'utf8')).toContain('autocrlf');
  });
});

// Red team R8-4 and R8-5: a format no line filter reads for sure (cargo's TOML, shell code in profile.d) was
// cleaned with a filter of another syntax, and the spellings it missed were printed by an allow-listed `cat`.
describe('files no line filter reads for sure are hidden whole when anything in them looks secret', () => {
  it('cargo config.toml: inline tables, quoted keys, multi-line strings hide it; a plain one is shown as it is', async () => {
    const variants = ['corp = { index = "sparse+https://corp/", token = "S2" }\n', '[registries.b]\n"token" = "S3"\n', '[registries.e]\ntoken = """\nS6"""\n', '[registry]\ntoken = "S1"\n',
      // Red team R9-1: a TOML-escaped key (cargo reads `token`), in a table header and an inline table too.
      '[registries.u]\n"\\u0074oken" = "S_UNICODE_KEY_123"\n', '[registries.v]\n"to\\U0000006Ben" = "S7"\n', '[registries."w"]\nx = { "\\u0074oken" = "S8" }\n', '["\\u0072egistries".z]\n"k\\u0065y" = "S9"\n'];
    for (const [i, text] of variants.entries()) {
      const path = join(dir, `c${i}/config.toml`);
      await writeFiles(dir, { [`c${i}/config.toml`]: text });
      expect(cleanGitConfigs([path], join(dir, 'state')).get(path), text).toBeNull();
    }
    // Red team R9-11: cargo's legacy `~/.cargo/config` (no extension) is TOML as well, never cleaned as git syntax.
    await writeFiles(dir, { 'legacy/.cargo/config': variants[0]! + variants[3]! });
    expect(cleanGitConfigs([join(dir, 'legacy/.cargo/config')], join(dir, 'state')).get(join(dir, 'legacy/.cargo/config'))).toBeNull();
    await writeFiles(dir, { 'plain/config.toml': '[build]\njobs = 2\nrustflags = ["-C", "link-arg=C:\\\\tools"]\n' });
    expect(cleanGitConfigs([join(dir, 'plain/config.toml')], join(dir, 'state')).has(join(dir, 'plain/config.toml'))).toBe(false);
  });

  it('a FIFO or an oversized file where a cargo config is expected is hidden whole, never read (a shown folder may be the workspace)', async () => {
    await writeFiles(dir, { 'fifo/.cargo/.keep': '', 'big/.cargo/config.toml': `# ${'x'.repeat(2 * 1024 * 1024)}\n` });
    execFileSync('mkfifo', [join(dir, 'fifo/.cargo/config.toml')]);
    const found = cleanGitConfigs([join(dir, 'fifo/.cargo/config.toml'), join(dir, 'big/.cargo/config.toml'), join(dir, 'none/.cargo/config.toml')], join(dir, 'state'));
    expect(found.get(join(dir, 'fifo/.cargo/config.toml'))).toBeNull();
    expect(found.get(join(dir, 'big/.cargo/config.toml'))).toBeNull();
    expect(found.has(join(dir, 'none/.cargo/config.toml'))).toBe(false);
  });

  it('shell code: typeset -x, a continued name, a bearer header in an alias, set -a assignments look secret; PATH and LANG do not', () => {
    for (const text of ['typeset -x AWS_SECRET_ACCESS_KEY=E5\n', 'export GITHUB_TOKEN\\\n=E6\n', `alias x="curl -H 'Authorization: Bearer E7'"\n`, 'set -a; SLACK_WEBHOOK_URL=https://hooks.slack.com/E9\n', 'DB=postgres://u:pw@db/x\n']) {
      expect(looksSecret(text), text).toBe(true);
    }
    expect(looksSecret('export PATH="/usr/local/bin:$PATH"\nLANG=C.UTF-8\n[ -n "$PS1" ] && . /etc/bash_completion\n')).toBe(false);
  });
});

// This machine's own /etc/gitconfig, when it holds a secret line (a credential helper, a token): what a
// sandboxed `cat` prints is the copy. Read-only on the host.
const hostHasSecret = existsSync('/etc/gitconfig') && withoutSecrets(readFileSync('/etc/gitconfig', 'utf8')) !== undefined;
describe.skipIf(!bwrapWorks || !hostHasSecret)('inside the sandbox (this host\'s /etc/gitconfig has a secret line)', () => {
  it('cat /etc/gitconfig prints the copy without its secret lines', async () => {
    await writeFiles(dir, { 'ws/a.txt': 'a\n' });
    const engine = await createEngine({ workspace: join(dir, 'ws'), sandbox: { mode: 'workspace-write' } });
    try {
      const result = await engine.run({ cmd: 'exec', args: { cmd: 'cat /etc/gitconfig; echo cat-done' } });
      const out = JSON.stringify(result);
      expect(out).toContain('cat-done');
      const clean = withoutSecrets(readFileSync('/etc/gitconfig', 'utf8'))!;
      const dropped = readFileSync('/etc/gitconfig', 'utf8').split('\n').filter((line) => line.trim() !== '' && !clean.split('\n').includes(line));
      for (const line of dropped) expect(out).not.toContain(JSON.stringify(line).slice(1, -1));
    } finally {
      await engine.close();
    }
  }, 60_000);
});
