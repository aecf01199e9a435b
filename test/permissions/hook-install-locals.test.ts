// Red team R18-18 (issue 26): `npm install` / `npm ci` / `pnpm install` / `yarn` on a hook line runs the lifecycle
// scripts (preinstall, install, postinstall, prepare) of the local packages it links: `file:`/`link:`/`portal:` and
// bare path dependencies (any dependency table, overrides) and workspace packages. Their package.json files and the
// files their lifecycle scripts run ask under --yes (C241); an unrelated file stays free.
import { describe, expect, it } from 'vitest';
import { checkHookRow, hookVerdict, rowPlace } from './hook-check.js';

const rows = rowPlace('cw-install-locals-');
const root = (deps: Record<string, unknown>): string => JSON.stringify({ name: 'w', ...deps, scripts: { test: 'node t.js' } });
const X = { 't.js': '1\n', 'tools/x/package.json': JSON.stringify({ name: 'x', version: '1.0.0', scripts: { install: 'node i.js' } }), 'tools/x/i.js': '1\n', 'other/free.js': '1\n' };

describe('an install runs the lifecycle scripts of the local packages it links', () => {
  it.each([
    ['npm install && npm test', { dependencies: { x: 'file:tools/x' } }],
    ['npm ci && npm test', { dependencies: { x: 'tools/x' } }],
    ['npm install && npm test', { devDependencies: { x: './tools/x' } }],
    ['npm install && npm test', { optionalDependencies: { x: 'file:./tools/x' } }],
    ['npm install && npm test', { overrides: { y: { x: 'file:tools/x' } } }],
    ['pnpm install && pnpm test', { dependencies: { x: 'link:tools/x' } }],
    ['yarn && yarn test', { dependencies: { x: 'portal:tools/x' } }],
    ['npm install && npm test', { workspaces: ['tools/*'] }],
  ])('%s with %j', async (hook, deps) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: { ...X, 'package.json': root(deps) }, asks: ['tools/x/package.json', 'tools/x/i.js'], free: ['other/free.js'] });
  });
  it('a pnpm-workspace.yaml package and its postinstall script', async () => {
    const files = { 'package.json': root({}), 'pnpm-workspace.yaml': 'packages:\n  - tools/*\n', 't.js': '1\n', 'tools/y/package.json': JSON.stringify({ name: 'y', scripts: { postinstall: 'sh p.sh' } }), 'tools/y/p.sh': 'true\n' };
    await checkHookRow(rows.next(), rows.home, { hook: 'pnpm install && pnpm test', files, asks: ['tools/y/package.json', 'tools/y/p.sh'], free: [] });
  });
  it('a local package of a local package (the closure)', async () => {
    const files = { ...X, 'package.json': root({ dependencies: { a: 'file:tools/a' } }), 'tools/a/package.json': JSON.stringify({ name: 'a', dependencies: { x: 'file:../x' } }) };
    await checkHookRow(rows.next(), rows.home, { hook: 'npm install && npm test', files, asks: ['tools/a/package.json', 'tools/x/package.json', 'tools/x/i.js'], free: ['other/free.js'] });
  });
  it('a tarball and a path not made yet are obeyed', async () => {
    const files = { 't.js': '1\n', 'package.json': root({ dependencies: { x: 'file:tools/x.tgz', z: 'file:tools/z' } }) };
    await checkHookRow(rows.next(), rows.home, { hook: 'npm install && npm test', files, asks: ['tools/x.tgz', 'tools/z/package.json'], free: [] });
  });
  it('a local package.json that is not JSON is not modelled', async () => {
    const verdict = await hookVerdict(rows.next(), 'npm install', { 'package.json': root({ dependencies: { x: 'file:tools/x' } }), 'tools/x/package.json': '{ not json' });
    expect(verdict.unmodeled).toContain('tools/x/package.json');
  });
  // runners18 Left: a local package outside the work tree was skipped silently; its lifecycle scripts run unread.
  it.each([
    ['npm install', { dependencies: { s: 'file:../sibling' } }],
    ['pnpm install', { devDependencies: { s: 'link:../../elsewhere/s' } }],
    ['yarn', { dependencies: { s: 'portal:/opt/s' } }],
    ['npm install', { dependencies: { s: '~/pkgs/s' } }],
    ['npm install', { workspaces: ['../*'] }],
    ['npm install', { dependencies: { s: 'file:../s.tgz' } }],
  ])('%s with %j: a local package outside the work tree is not modelled', async (hook, deps) => {
    const verdict = await hookVerdict(rows.next(), hook, { 'package.json': root(deps), 't.js': '1\n' });
    expect(verdict.unmodeled).toMatch(/outside the work tree/);
  });
  it('without an install, a path dependency is not followed', async () => {
    await checkHookRow(rows.next(), rows.home, { hook: 'npm test', files: { ...X, 'package.json': root({ dependencies: { x: 'file:tools/x' } }) }, asks: [], free: ['tools/x/i.js'] });
  });
});
