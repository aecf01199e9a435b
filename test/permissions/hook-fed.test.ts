// Red team R20-3, R20-5, R20-12, R20-22 (issue 26): what a hook line hands to an interpreter, however it reaches
// it (behind a launcher, after `cd`/`!`/`if`, in a function, on stdin, through `sh -c`, awk/sed `-f`, ruby `-C`),
// and the local package a runner runs by its path, is obeyed while absent too; ordinary sources stay free.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0","scripts":{"test":"node scripts/build.js"}}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '', 'sub/keep': '' };
const PKG = { 'tools/x/package.json': '{"name":"x","version":"1.0.0","bin":{"x":"cli.js"}}\n', 'tools/x/cli.js': '#!/usr/bin/env node\n' };
const place = rowPlace('hook-fed');

describe('a hook line\'s interpreter script, present or not', () => {
  it.each([
    // R20-5
    ["sh -c '. scripts/ci'", 'scripts/ci'],
    ['sh -s < scripts/ci', 'scripts/ci'],
    ['cat scripts/ci | sh', 'scripts/ci'],
    ['tee < scripts/ci | sh', 'scripts/ci'],
    ['bash --rcfile /dev/null scripts/ci', 'scripts/ci'],
    ['bash <(cat scripts/ci)', 'scripts/ci'],
    ['sh -c "$(cat scripts/ci)"', 'scripts/ci'],
    ['awk -f tools/x.awk /dev/null', 'tools/x.awk'],
    ['sed -f tools/x.sed README', 'tools/x.sed'],
    ['ruby -C sub x.rb', 'sub/x.rb'],
    // R20-12
    ['npm exec -- node tools/x', 'tools/x.js'],
    ['stdbuf -oL node tools/x', 'tools/x.js'],
    ['sudo -u nobody node tools/x', 'tools/x.js'],
    ['pnpm exec node tools/x', 'tools/x.js'],
    ['yarn node tools/x', 'tools/x.js'],
    ['uv run python tools/x', 'tools/x'],
    ['poetry run python tools/x', 'tools/x'],
    // R20-22
    ['cd tools && node x', 'tools/x.js'],
    ['(cd tools && node x)', 'tools/x.js'],
    ['pushd tools; node x; popd', 'tools/x.js'],
    ['! node tools/x', 'tools/x.js'],
    ['node $(echo tools/x)', 'tools/x.js'],
    ['if true; then node tools/x; fi', 'tools/x.js'],
    ['f() { node "$1"; }; f tools/x', 'tools/x.js'],
    ['run() { "$@"; }; run node tools/x', 'tools/x.js'],
    // The same reader gives the programs (node_modules/.bin) and program paths (R18-3) under these forms.
    ['if true; then vitest run; fi', 'node_modules/.bin/vitest'],
    // (these two held on the old reader: kept as guards)
    ['(cd tools && eslint .)', 'tools/node_modules/.bin/eslint'],
    ['(cd tools && ./check)', 'tools/check'],
    ['! ./tools/check', 'tools/check'],
  ])('%s: writing %s asks; a source stays free', async (hook, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: SOURCES, asks: [file], free: ['src/a.js', 'src/b.js'], content: '// ok\n' });
  });
});

describe('a local package a runner runs by its path (R20-3)', () => {
  it.each(['npx --yes ./tools/x', 'npm x ./tools/x', 'npm exec ./tools/x', 'npx file:tools/x', 'bunx ./tools/x', 'pnpm dlx ./tools/x', 'yarn dlx ./tools/x'])('%s: its bin target and package.json ask', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: { ...SOURCES, ...PKG }, asks: ['tools/x/cli.js', 'tools/x/package.json'], free: ['src/a.js'], content: '// ok\n' });
  });
});

describe('controls: ordinary hooks leave sources free', () => {
  it.each(['npm test', 'npx vitest run', 'node scripts/build.js'])('%s', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: { ...SOURCES, 'scripts/build.js': '// b\n' }, asks: [], free: ['src/a.js', 'src/c.ts'], content: '// ok\n' });
  });
});
