// Red team R14-8 (issue 26), from the sandbox's side with the real binary and bwrap: a hook runs `npx
// lint-staged`; a sandboxed command rewrites the package it runs (node_modules/lint-staged/bin/lint-staged.js,
// as a sandboxed `npm install` of a hostile version would). The write gate does not walk installed packages, but
// it checks the paths the hook walk names inside them: the rewritten file is not left for the next commit to run.
// Another package's change stays (node_modules is the installer's).
import { spawnSync } from 'node:child_process';
import { chmod, symlink } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { runScript, sandboxFolders } from './sandbox-folders.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const EVIL = '#!/usr/bin/env node\nrequire("fs").writeFileSync("/tmp/PWN", "")\n';

let root = '', state = '', markers = '', home = '';
sandboxFolders('bins', (made) => ({ root, state, markers, home } = made));

it.skipIf(!bwrapWorks)('a sandboxed run that rewrites the package a hook runs: not left in place; another package is', async () => {
  await writeFiles(root, {
    'package.json': '{}\n', 'node_modules/lint-staged/package.json': '{"name":"lint-staged"}\n', 'node_modules/lint-staged/bin/lint-staged.js': '#!/usr/bin/env node\n',
    'node_modules/other/index.js': 'ok\n', 'node_modules/.bin/.keep': '',
  });
  await symlink('../lint-staged/bin/lint-staged.js', join(root, 'node_modules/.bin/lint-staged'));
  spawnSync('git', ['init', '-q'], { cwd: root });
  await writeFiles(root, { '.git/hooks/pre-commit': '#!/bin/sh\nnpx lint-staged\n' });
  await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
  const run = runScript({ root, state, markers, home }, `printf '%s' '${EVIL.replace(/'/g, "'\\''")}' > node_modules/lint-staged/bin/lint-staged.js 2>/dev/null\necho changed > node_modules/other/index.js\n`);
  expect(run.json, JSON.stringify(run.json)).toBeDefined();
  expect(readFileSync(join(root, 'node_modules/lint-staged/bin/lint-staged.js'), 'utf8')).not.toBe(EVIL);
  expect(readFileSync(join(root, 'node_modules/other/index.js'), 'utf8')).toBe('changed\n');
});
