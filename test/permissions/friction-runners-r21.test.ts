// Red team round 21, R21-10 (FRICTION): a pre-commit hook that runs the package's own scripts through the common
// script runners npm-run-all (run-s, run-p, npm-run-all), concurrently ("npm:lint") or corepack (`corepack pnpm
// test`) makes EVERY source write ask under --yes ("run-s (a runner codeward does not model) ... every file is
// obeyed"), even with the runner installed; the same scripts through `npm run lint && npm test` stay free. These
// runners only run the named package.json scripts (npm-run-all: `run-s lint test` = `npm run lint && npm run test`).
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const FILES = {
  'package.json': '{"name":"w","version":"1.0.0","scripts":{"lint":"eslint .","test":"vitest run"},"devDependencies":{"npm-run-all":"4","concurrently":"8"}}\n',
  'src/a.js': 'export const a = 1;\n',
  'eslint.config.js': 'export default [];\n',
  'node_modules/npm-run-all/package.json': '{"name":"npm-run-all","version":"4.1.5","bin":{"run-s":"bin/run-s/index.js","run-p":"bin/run-p/index.js","npm-run-all":"bin/npm-run-all/index.js"}}\n',
  'node_modules/npm-run-all/bin/run-s/index.js': 'module.exports = 1;\n',
  'node_modules/concurrently/package.json': '{"name":"concurrently","version":"8.0.0","bin":{"concurrently":"dist/bin/concurrently.js"}}\n',
  'node_modules/concurrently/dist/bin/concurrently.js': 'module.exports = 1;\n',
};
const place = rowPlace('cw-rt21-friction-');

describe('R21-10: a source write under a hook that runs scripts through a common script runner', () => {
  it.each([
    'npx run-s lint test',
    'run-p lint test',
    'npm-run-all --parallel lint test',
    'npx concurrently "npm:lint" "npm:test"',
    'corepack pnpm test',
  ])('%s: writing src/b.js stays free', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: [], free: ['src/b.js'], content: '// ok\n' });
  });

  it('control (held): npm run lint && npm test keeps src/b.js free', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'npm run lint && npm test', files: FILES, asks: [], free: ['src/b.js'], content: '// ok\n' });
  });
});

// pm22: the runners are modelled, not waved through: the scripts they name (patterns too) and concurrently's own
// command lines are read; an option not modelled makes the whole tree ask.
const RUN = {
  ...FILES,
  'package.json': '{"name":"w","version":"1.0.0","scripts":{"lint":"eslint .","lint:x":"node tools/x","test":"node tools/t"}}\n',
  'tools/keep': '',
};
describe('R21-10 (pm22): what the script runners run is read', () => {
  it.each([
    ['npx run-s lint:*', 'tools/x.js'],
    ['run-p --parallel "lint:**"', 'tools/x.js'],
    ['npm-run-all -s lint lint:x', 'tools/x.js'],
    ['npx concurrently -k "npm:lint:*" "npm:test"', 'tools/x.js'],
    ['concurrently "node tools/y"', 'tools/y.js'],
    ['corepack pnpm test', 'tools/t.js'],
    ['corepack pnpm@9.0.0 run lint:x', 'tools/x.js'],
    ['run-s --npm-path ./tools/n lint', 'src/a.js'],
    ['concurrently --cwd tools "npm:lint"', 'src/a.js'],
  ])('%s: writing %s asks', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: RUN, asks: [file], free: file === 'src/a.js' ? [] : ['src/a.js'], content: '// ok\n' });
  });
});
