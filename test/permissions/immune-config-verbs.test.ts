// Red team round 12, R12-14 (issue 26): a program that writes the person's own configuration through its own
// verb ran under --yes with the sandbox off, where the same write spelled as a path (`echo > ~/.gitconfig`) is
// safety-immune: `git config --global core.hooksPath ./hooks` made a workspace hook run at every commit of
// every repository; `codeward trust` applied a repository's `allow @coder *` to every later session. Each
// writer is immune under `allow @coder *` and `allow *`; reading the same configuration stays ordinary.
import { afterAll, beforeAll, describe } from 'vitest';
import { sandbox, type Sandbox } from './helpers.js';
import { immunityCases } from './immune-cases.js';

const IMMUNE: readonly (readonly [string, string])[] = [
  ['codeward-config', 'codeward trust'],
  ['codeward-config', 'npx codeward trust -C .'],
  ['codeward-config', 'node dist/bin/codeward.js trust'],
  ['codeward-config', 'codeward policy forget --all'],
  ['git-config-outside', 'git config --global core.hooksPath ci/hooks'],
  ['git-config-outside', 'git config --global include.path ./x.inc'],
  ['git-config-outside', 'git -c x=1 config --system core.pager ./p'],
  ['git-config-outside', 'git config --file ~/.gitconfig core.pager ./p'],
  ['git-config-outside', 'git config --global --add safe.directory "*"'],
  ['git-config-outside', 'git config set --global core.editor ./e'],
  ['git-config-outside', 'git config --global --unset user.signingkey'],
  ['tool-config-write', 'npm config set script-shell ./x'],
  ['tool-config-write', 'npm config set -g script-shell ./x'],
  ['tool-config-write', 'npm set script-shell ./x'],
  ['tool-config-write', 'pnpm config set shell-emulator true'],
  ['tool-config-write', 'pip config set global.index-url http://evil'],
  ['tool-config-write', 'gh config set editor ./e'],
  ['tool-config-write', 'gh auth setup-git'],
  ['systemctl-user-install', 'systemctl --user enable ./x.service'],
  ['systemctl-user-install', 'systemctl --user set-environment PATH=./bin'],
];

const NOT_IMMUNE = [
  'codeward policy list',
  'codeward policy check "@coder exec ls"',
  'codeward trust --list',
  'codeward read --file a.txt',
  'git config --global --get user.name',
  'git config --global -l',
  'git config --global user.name',
  'git config core.autocrlf false',
  'git config --file sub.cfg a.b x',
  'npm config get registry',
  'npm config list',
  'npm test',
  'node index.js trust',
  'pip config list',
  'systemctl --user status x',
];

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => box.cleanup());

describe('writers of the person\'s own configuration are safety-immune', () => {
  immunityCases(() => box, IMMUNE, NOT_IMMUNE);
});
