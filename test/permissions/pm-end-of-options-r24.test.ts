// R24-5 depth (note9 "Depth", commit 12042184): the canonical spelling of a package-manager line dropped `--`, so
// `npm run build -- --x=deploy` was also read as `npm run build --x=deploy` (`--x` an npm option: the script not
// named), and a line whose script the reading cannot name had to stay "not judged" under a deny rule. The spelling
// keeps `--` now (canonical-command.ts fromEnd, canonical-runners.ts npmPassed), and a package-manager line that runs
// a script the reading cannot name asks under a deny or ask rule; lines that run no script stay free.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spellCommand } from '../../src/permissions/shell-subjects.js';
import { explain, parser, policyWith, sandbox, type Sandbox } from './helpers.js';

const DENY = ['deny @coder exec git push*', 'allow @coder exec *'];
const ASK = ['ask @coder exec git push*', 'allow @coder exec *'];
const PUSH = 'git push origin main';

// `free`: ordinary scripts (deploy pushes); `push`: every script and lifecycle script pushes; `bare`: no package.json.
let free: Sandbox;
let push: Sandbox;
let bare: Sandbox;
beforeAll(async () => {
  [free, push, bare] = await Promise.all([sandbox(), sandbox(), sandbox()]);
  await writeFile(join(free.root, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: { build: 'tsc -p .', test: 'vitest run', start: 'node server.js', lint: 'eslint .', deploy: PUSH } }));
  const all = Object.fromEntries(['build', 'test', 'start', 'stop', 'restart', 'lint', 'preinstall', 'postinstall', 'prepare'].map((name) => [name, PUSH]));
  await writeFile(join(push.root, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: all }));
  await mkdir(join(bare.root, 'src'));
});
afterAll(async () => Promise.all([free, push, bare].map((box) => box.cleanup())));

const decide = async (box: Sandbox, rules: readonly string[], line: string) => explain(await policyWith(box, rules), `@coder exec ${line}`);
const spellings = async (line: string): Promise<string[]> => {
  const command = (await parser.parse(line)).commands[0]!;
  const spelled = spellCommand(command, free.root, free.root);
  return [spelled.canonical, ...spelled.others];
};

describe('the canonical spelling keeps `--` of a package manager', () => {
  it.each([
    ['npm run build -- --x=deploy', 'npm run build --x=deploy'],
    ['npm test -- --watch', 'npm test --watch'],
    ['npm start -- --port 3000', 'npm start --port 3000'],
    ['pnpm run build -- --x', 'npm run build --x'],
    ['yarn run build --x', 'npm run build --x'],
    ['bun run build --minify', 'npm run build --minify'],
    ['yarn test -- --watch', 'yarn test --watch'],
  ])('%s is never read as %s', async (line, misread) => {
    expect(await spellings(line)).not.toContain(misread);
  });

  it.each([
    ['npm run --silent -- deploy', 'npm run deploy'],
    ['npm run -- deploy --x', 'npm run deploy -- --x'],
    ['yarn run -- deploy', 'yarn run deploy'],
    ['yarn run build --x', 'npm run build -- --x'],
    ['npm exec -- git push --force', 'npm exec git push --force'],
  ])('%s is also read as %s', async (line, form) => {
    expect(await spellings(line)).toContain(form);
  });
});

// Lines that run a script the reading names: judged (denied where the script pushes, allowed where it does not).
const NAMED = [
  'npm run build -- --x=deploy', 'npm test -- --watch', 'npm start -- --port 3000', 'npm run lint -- --fix', 'npm run -- build --x',
  'pnpm run build -- --x', 'pnpm test -- --watch', 'yarn build --watch', 'yarn test --coverage', 'yarn run lint --fix', 'bun run build --minify',
  'npm stop -- --now', 'npm restart -- --x', 'bun --bun run build', 'yarn install --frozen-lockfile', 'npm ci --no-audit', 'npm install -- --x',
];
// Lines that run a script the reading cannot name (an option npm may read as a place or a shell, a place option
// before the subcommand): asked under a deny or ask rule.
const UNNAMED = ['npm test --foo', 'npm start --port=3000', 'npm run build --x=deploy', 'npm run build --sc=./x', 'npm restart --x', 'yarn --mutex network:1 build', 'pnpm --reporter silent test'];
// Lines that run no script of the package.
const NO_SCRIPT = [
  'npm docs --browser', 'npm docs zod --browser=false', 'npm view zod version --json', 'npm ls --all', 'npm --version', 'npm outdated --long',
  'npm explain zod --json', 'pnpm store path', 'yarn info react --json', 'yarn --version', 'npm run', 'npm exec -- tsc --noEmit', 'npx -- tsc --noEmit',
];

describe('R24-5 depth: under deny git push*', () => {
  it.each(NAMED)('%s: the named script is judged (free scripts allowed)', async (line) => {
    expect((await decide(free, DENY, line)).decision).toBe('allow');
  });

  it.each(NAMED)('%s: the named script is judged (pushing scripts denied)', async (line) => {
    expect((await decide(push, DENY, line)).decision).toBe('deny');
  });

  it.each(UNNAMED)('%s: a script not named asks', async (line) => {
    const decision = await decide(free, DENY, line);
    expect(decision.decision).toBe('ask');
    expect(decision.reason).toContain('not judged against the rules');
  });

  it.each(UNNAMED)('%s: asked under an ask rule too', async (line) => {
    expect((await decide(free, ASK, line)).decision).toBe('ask');
  });

  it.each(NO_SCRIPT)('%s: runs no script, stays allowed', async (line) => {
    expect((await decide(push, DENY, line)).decision).toBe('allow');
  });

  it.each(UNNAMED)('%s: without a package.json no script runs, stays allowed', async (line) => {
    expect((await decide(bare, DENY, line)).decision).toBe('allow');
  });

  it.each(['npm test --foo', 'npm run build --x=deploy'])('%s: without a deny or ask rule stays allowed', async (line) => {
    expect((await decide(free, ['allow @coder exec *'], line)).decision).toBe('allow');
  });
});
