// Red team R20-23 (issue 26): inline code given to node's TypeScript/ESM front-ends (`tsx -e`, `ts-node -p`, `esno`,
// `babel-node`, a package runner's `node@20`) is node's inline code, like `node -e`. Each line below was allowed.
import { describe, expect, it } from 'vitest';
import { execDecider } from './helpers.js';

const decide = execDecider();
const DENY = ['deny @coder exec git push*', 'allow @coder exec *'];
const PUSH = `"require('child_process').execSync('git push origin')"`;

describe("node's front-ends given code", () => {
  it.each([`tsx -e ${PUSH}`, `tsx --eval ${PUSH}`, `npx tsx -e ${PUSH}`, `npx ts-node -e ${PUSH}`, `npx ts-node -p ${PUSH}`, `npx esno -e ${PUSH}`, `npx babel-node -e ${PUSH}`, `npx node@20 -e ${PUSH}`])(
    'deny git push*: %s is not allowed',
    async (line) => {
      expect((await decide(line, DENY)).decision).not.toBe('allow');
    },
  );

  it.each([`tsx -e "require('child_process').execSync('rm -rf build')"`, `npx tsx -e "require('fs').rmSync('build',{recursive:true})"`])('the immune list under allow *: %s asks', async (line) => {
    expect((await decide(line, ['allow @coder exec *'])).decision).toBe('ask');
  });

  it.each(['tsx scripts/build.ts', 'npx ts-node src/x.ts'])('ordinary: %s stays allowed', async (line) => {
    expect((await decide(line, DENY)).decision).toBe('allow');
  });
});
