// Red team R19-4 (issue 26): the install row matched `install|i|ci|add` only, so npm's other spellings of an install
// (`npm isntall`, `npm it`, `npm rebuild`, `npm up`, `npm dedupe`, `npm link` ...) ran a local package's postinstall
// unread, and so did a package named by its path on the line (`npm install ./tools/x`). One table of sub-commands now
// (src/permissions/hook-pm-commands.ts); an npm sub-command in no row is not modelled. Real repositories, a real
// pre-commit hook, the engine under --yes.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-install-spellings-');
const LOCAL = {
  'package.json': JSON.stringify({ name: 'w', dependencies: { x: 'file:tools/x' }, scripts: { test: 'node t.js', prepack: 'node tools/pack.js' } }),
  'tools/x/package.json': JSON.stringify({ name: 'x', version: '1.0.0', scripts: { postinstall: 'node i.js' } }),
  'tools/x/i.js': '',
  'src/a.js': '',
};

describe('every install spelling runs the local packages\' lifecycle scripts', () => {
  it.each(['npm isntall', 'npm it', 'npm in', 'npm ins', 'npm install-ci-test', 'npm cit', 'npm rebuild && npm test', 'npm up', 'npm dedupe', 'npm link', 'npm install-clean', 'pnpm rebuild', 'pnpm up', 'npm --loglevel=warn isntall'])('%s: tools/x/i.js asks, src/a.js stays free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: LOCAL, asks: ['tools/x/i.js'], free: ['src/a.js'], content: '// ok\n' });
  });

  it('a package named by its path on the line (npm install ./tools/y): its postinstall is read', async () => {
    const files = { ...LOCAL, 'tools/y/package.json': JSON.stringify({ name: 'y', version: '1.0.0', scripts: { postinstall: 'node j.js' } }), 'tools/y/j.js': '' };
    await checkHookRow(place.next(), place.home, { hook: 'npm install ./tools/y && npm test', files, asks: ['tools/y/j.js'], free: ['src/a.js'], content: '// ok\n' });
  });

  it('npm pack runs the root\'s prepack script', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'npm pack --dry-run', files: { ...LOCAL, 'tools/pack.js': '' }, asks: ['tools/pack.js'], free: ['src/a.js'], content: '// ok\n' });
  });

  it('an npm sub-command codeward does not model fails closed', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'npm frobnicate', files: LOCAL, asks: ['src/a.js'], free: [], content: '// ok\n' });
  });

  it.each(['npm ls && npm test', 'npm audit --omit=dev', 'npm outdated || true'])('%s: ordinary sources stay free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: LOCAL, asks: [], free: ['src/a.js'], content: '// ok\n' });
  });
});
