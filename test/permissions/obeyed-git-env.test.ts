// Red team round 7, R7-7: git's configuration given by the environment (GIT_CONFIG_COUNT/KEY_n/VALUE_n,
// GIT_CONFIG_PARAMETERS) was not read by the write gate: with core.hooksPath=.githooks there, `create
// .githooks/pre-commit 0755 --yes` was written and the person's next commit ran it. They are read with the
// config files now (src/git/config-env.ts, permissions/obeyed-git.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envConfigEntries } from '../../src/git/config-env.js';
import { gitConfigPaths } from '../../src/permissions/obeyed-git.js';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { git } from './git-run.js';

let root: string;
let home: string;
beforeAll(async () => {
  root = await tempDir('codeward-git-env-');
  home = await tempDir('codeward-home-');
  git(root, 'init', '-q');
});
afterAll(async () => {
  await removeDir(root);
  await removeDir(home);
});

describe('git configuration from the environment', () => {
  it('parses the counted entries and both forms of GIT_CONFIG_PARAMETERS as git does', () => {
    expect(envConfigEntries({ GIT_CONFIG_COUNT: '2', GIT_CONFIG_KEY_0: 'core.hooksPath', GIT_CONFIG_VALUE_0: '.githooks', GIT_CONFIG_KEY_1: 'includeIf.gitdir:~/x/.path', GIT_CONFIG_VALUE_1: '/y' })).toEqual([
      { section: 'core', subsection: undefined, key: 'hookspath', value: '.githooks' },
      { section: 'includeif', subsection: 'gitdir:~/x/', key: 'path', value: '/y' },
    ]);
    expect(envConfigEntries({ GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='./f'\\''s.sh' 'alias.st=!sh x.sh' 'core.bare'" })).toEqual([
      { section: 'core', subsection: undefined, key: 'fsmonitor', value: "./f's.sh" },
      { section: 'alias', subsection: undefined, key: 'st', value: '!sh x.sh' },
      { section: 'core', subsection: undefined, key: 'bare', value: undefined },
    ]);
    expect(envConfigEntries({ GIT_CONFIG_COUNT: 'x' })).toEqual([]);
  });

  it('the write gate reads them: the hooks folder, an fsmonitor script and an include file they name', () => {
    const refs = gitConfigPaths(root, [], home, [], { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.hooksPath', GIT_CONFIG_VALUE_0: '.githooks', GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='./fsm.sh' 'include.path'='/etc/x.inc'" });
    expect(refs.folders).toContain(join(root, '.githooks'));
    expect(refs.files).toContain(join(root, 'fsm.sh'));
    expect(refs.files).toContain('/etc/x.inc');
  });

  it('through the real binary under --yes: create .githooks/pre-commit 0755 asks and is not written', () => {
    const env = { HOME: home, GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.hooksPath', GIT_CONFIG_VALUE_0: '.githooks' };
    const create = runCli(['--json', '-C', root, 'create', '--files', JSON.stringify([{ path: '.githooks/pre-commit', content: '#!/bin/sh\ntouch PWNED\n', mode: '0755' }])], { env });
    expect(create.json.error?.code, create.stdout).toBe('C241');
    const fsmonitor = runCli(['--json', '-C', root, 'write', '--file', 'fsm.sh', '--content', 'touch PWNED\n'], { env: { HOME: home, GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='./fsm.sh'" } });
    expect(fsmonitor.json.error?.code, fsmonitor.stdout).toBe('C241');
    expect(existsSync(join(root, '.githooks/pre-commit')) || existsSync(join(root, 'fsm.sh'))).toBe(false);
  });
});
