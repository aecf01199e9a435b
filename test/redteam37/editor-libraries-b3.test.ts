// R37-b3 (fix41), the after-run walk's half: a sandboxed run that rewrites or plants the workspace copy of a library an
// editor extension loads (node_modules/eslint, prettier, stylelint, typescript, at any depth) leaves nothing the next
// editor open runs: the walk judges those package folders although it skips installed packages (sandbox/obeyed-scan.ts
// loaded()); another package's change stays (node_modules is the installer's). With the real binary and bwrap, in place.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { runScript, sandboxFolders } from '../sandbox/sandbox-folders.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const EVIL = 'require("fs").writeFileSync("/tmp/PWN", "")\n';

let root = '', state = '', markers = '', home = '';
sandboxFolders('editor-libs', (made) => ({ root, state, markers, home } = made));

it.skipIf(!bwrapWorks)('a sandboxed run that rewrites or plants eslint/prettier/typescript in node_modules: not left in place; another package is', async () => {
  await writeFiles(root, { 'package.json': '{}\n', 'node_modules/eslint/lib/api.js': 'ok\n', 'node_modules/other/index.js': 'ok\n' });
  const run = runScript({ root, state, markers, home }, [
    `echo '${EVIL}' > node_modules/eslint/lib/api.js`,
    `mkdir -p node_modules/prettier apps/web/node_modules/typescript/lib && echo '${EVIL}' > node_modules/prettier/index.cjs && echo '${EVIL}' > apps/web/node_modules/typescript/lib/tsserver.js`,
    'echo changed > node_modules/other/index.js',
  ].join('\n'));
  expect(run.json, JSON.stringify(run.json)).toBeDefined();
  expect(readFileSync(join(root, 'node_modules/eslint/lib/api.js'), 'utf8')).not.toContain('PWN');
  expect(existsSync(join(root, 'node_modules/prettier/index.cjs'))).toBe(false);
  expect(existsSync(join(root, 'apps/web/node_modules/typescript/lib/tsserver.js'))).toBe(false);
  expect(readFileSync(join(root, 'node_modules/other/index.js'), 'utf8')).toBe('changed\n');
  // The root's existing copy is bound read-only (the catalogue's root names, sandbox/lists.ts); a deeper one is judged after.
  expect((run.json.warnings ?? []).join('\n')).toMatch(/node_modules\/prettier[\s\S]*node_modules\/typescript/);
});
