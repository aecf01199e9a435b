// Friction F1 (red team 13): the usual heredoc commit message `git commit -am "$(cat <<'EOF' … EOF)"` was
// C241 ("arguments of a sensitive command only known at run time") although git-only-line.ts accepts it. A
// substitution of `cat` reading a here-document the shell does not expand (quoted delimiter, or nothing to
// expand), or of `printf` with a literal format, is a known word (shell/parse-walk-values.ts). A body with
// `$(…)` or a backquote under an unquoted delimiter stays unknown.
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { git } from '../helpers/git.js';
import { sandbox, type Sandbox } from './helpers.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
let box: Sandbox;
let engine: Engine;
beforeEach(async () => {
  box = await sandbox();
  await writeFiles(box.root, { 'a.txt': 'a\n' });
  git(box.root, 'init', '-q');
  git(box.root, 'config', 'user.name', 't');
  git(box.root, 'config', 'user.email', 't@e');
  git(box.root, 'add', 'a.txt');
  git(box.root, 'commit', '-qm', 'first');
  await writeFiles(box.root, { 'a.txt': 'b\n' });
  engine = await createEngine({ workspace: box.root, env: { HOME: box.home, PATH: process.env['PATH'] ?? '', GIT_CONFIG_NOSYSTEM: '1' }, permissions: { home: box.home, yes: true } });
});
afterEach(async () => {
  await engine.close();
  await box.cleanup();
});

const exec = async (cmd: string): Promise<string> => {
  const result = await engine.run({ cmd: 'exec', args: { cmd } });
  return result.ok ? 'ran' : result.error.code;
};

describe.skipIf(!bwrapWorks)('a commit message from a literal here-document or printf is a known argument', () => {
  it.each([
    [`git commit -am "$(cat <<'EOF'\nfix: the parser\n\nBody with $HOME and \`x\` kept as text.\nEOF\n)"`, 'fix: the parser\n\nBody with $HOME and `x` kept as text.'],
    [`git commit -am "$(cat <<"EOF"\nquoted: double\nEOF\n)"`, 'quoted: double'],
    [`git commit -am "$(cat <<EOF\nplain body, nothing to expand\nEOF\n)"`, 'plain body, nothing to expand'],
    [`git commit -am "$(printf 'one\\n\\ntwo')"`, 'one\n\ntwo'],
  ])('exec --yes %j: the commit lands', async (line, message) => {
    expect(await exec(line)).toBe('ran');
    expect(git(box.root, 'log', '-1', '--format=%B').trim()).toBe(message);
  });

  it.each([
    `git commit -am "$(cat <<EOF\nmsg $(sh x.sh)\nEOF\n)"`,
    `git commit -am "$(cat <<EOF\nmsg \`sh x.sh\`\nEOF\n)"`,
    `git commit -am "$(cat <<'EOF' | sh\nmsg\nEOF\n)"`,
    `git commit -am "$(cat x.txt)"`,
    `git commit -am "$(cat <<'EOF' < x.txt\nmsg\nEOF\n)"`,
  ])('exec --yes %j stays C241 (what it prints is only known at run time)', async (line) => {
    expect(await exec(line)).toBe('C241');
    expect(git(box.root, 'log', '-1', '--format=%s').trim()).toBe('first');
  });
});
