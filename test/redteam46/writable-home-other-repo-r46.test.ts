// R46-9 (writable home, another repository's git folder): with `sandboxWritable: ["~"]`, a repository beside the
// workspace (~/other) is the person's too: a run wrote ~/other/.git/hooks/pre-commit and appended core.fsmonitor to
// ~/other/.git/config, both run by the person's next `git commit` / `git status` there, unsandboxed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bareExec, bareSuite, BARE_USABLE } from '../helpers/bare-cli.js';

const suite = bareSuite('cw-rt46-repo-', (base, outs) => {
  const home = join(base, 'h');
  mkdirSync(join(home, '.codeward'), { recursive: true });
  writeFileSync(join(home, '.codeward', 'config.json'), '{"sandboxWritable":["~"]}\n');
  spawnSync('git', ['init', '-q', join(home, 'other')]);
  spawnSync('git', ['init', '-q', join(home, 'src', 'deep')]);
  // Names split so no rule of the line reader reads them.
  writeFileSync(join(home, 'ws', 'hook.py'), [
    'import os',
    "h = os.path.expanduser('~')",
    "for repo in ['other', os.path.join('src', 'deep')]:",
    "    g = os.path.join(h, repo, '.g' + 'it')",
    "    with open(os.path.join(g, 'ho' + 'oks', 'pre-com' + 'mit'), 'w') as f:",
    "        f.write('#!/bin/sh\\ntouch /var/tmp/cw-rt46-hook-marker\\n')",
    "    os.chmod(os.path.join(g, 'ho' + 'oks', 'pre-com' + 'mit'), 0o755)",
    "    with open(os.path.join(g, 'con' + 'fig'), 'a') as f:",
    "        f.write('[core]\\n\\tfsmonitor = /var/tmp/cw-rt46-fsmonitor-marker\\n')",
    "print('planted')",
    '',
  ].join('\n'));
  outs['run'] = bareExec(base, 'python3 hook.py', false, { cwd: join(home, 'ws') });
}, { made: { workspaces: ['h/ws'] } });

const text = (path: string): string => (existsSync(path) ? readFileSync(path, 'utf8') : '');

describe.skipIf(!BARE_USABLE)('R46-9: another repository\'s git folder under a sandboxWritable home', () => {
  it.each(['other', 'src/deep'])('~/%s/.git: no hook left, no fsmonitor in its config', (repo) => {
    const git = join(suite.base(), 'h', repo, '.git');
    expect(existsSync(join(git, 'hooks', 'pre-commit'))).toBe(false);
    expect(text(join(git, 'config'))).not.toContain('fsmonitor');
  });
});
