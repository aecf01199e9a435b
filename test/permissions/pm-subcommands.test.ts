// Red team R20-4 (issue 26): the hook's package-manager sub-command was read by a regex of its own: `npm installTest`
// (npm resolves camelCase to install-test) was read as an option's value, and pnpm/yarn/bun install-like commands
// outside the table (`pnpm -F x i`, `pnpm m i`, `pnpm deploy`, `yarn workspaces focus`, `bun a`, `bun pm trust`)
// as script names, so a local package's postinstall ran unread. Now npm's own resolver and each manager's alias table
// (src/permissions/hook-pm-commands.ts, hook-pm-options.ts). Real repositories, a real pre-commit hook, --yes.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-pm-subcommands-');
const LOCAL = {
  'package.json': JSON.stringify({ name: 'w', dependencies: { x: 'file:tools/x' }, scripts: { test: 'node t.js', lint: 'node l.js' } }),
  'tools/x/package.json': JSON.stringify({ name: 'x', version: '1.0.0', scripts: { postinstall: 'node i.js' } }),
  'tools/x/i.js': '',
  'src/a.js': '',
};

describe('every manager\'s install spelling runs the local packages\' lifecycle scripts', () => {
  it.each([
    'npm installTest --offline --no-audit --no-fund', 'npm installCiTest', 'npm cleanInstall', 'npm audit fix', 'npm --loglevel warn installTest',
    'pnpm -F x i', 'pnpm --filter x install', 'pnpm -rF x i', 'pnpm m i', 'pnpm multi install', 'pnpm deploy out', 'pnpm patch-commit p', 'pnpm --frobnicate x i',
    'yarn upgrade-interactive', 'yarn workspaces focus', 'yarn workspace w add ./tools/x', 'yarn global add ./tools/x',
    'bun pm trust --all', 'bun a ./tools/x',
  ])('%s: tools/x/i.js asks, src/a.js stays free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: LOCAL, asks: ['tools/x/i.js'], free: ['src/a.js'], content: '// ok\n' });
  });

  it.each(['npm Install', 'yarn create x', 'bun upgrade'])('%s (a word no row models): fails closed', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: LOCAL, asks: ['src/a.js'], free: [], content: '// ok\n' });
  });

  it.each(['npm ci', 'pnpm install', 'yarn install', 'bun install'])('%s (control): the install is read, ordinary sources stay free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: LOCAL, asks: ['tools/x/i.js'], free: ['src/a.js'], content: '// ok\n' });
  });

  it.each(['npm run lint', 'pnpm --silent lint', 'yarn lint', 'npm audit --omit=dev', 'npm --script-shell /bin/sh run lint', 'npm runScript lint'])('%s (control): the script is read, the install is not', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: { ...LOCAL, 'l.js': '' }, asks: /lint/.test(hook) ? ['l.js'] : [], free: ['src/a.js', 'tools/x/i.js'], content: '// ok\n' });
  });
});
