// Red team R20-23 (issue 26): inline code given to node's TypeScript/ESM front-ends (`tsx -e`, `ts-node -p`, `esno`,
// `babel-node`, a package runner's `node@20`) is node's inline code, like `node -e`. Each line below was allowed.
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const decide = execDecider();
const PUSH = `"require('child_process').execSync('git push origin')"`;

describe("node's front-ends given code", () => {
  decideRows(decide, 'not allow', 'deny git push*: %s is not allowed', [`tsx -e ${PUSH}`, `tsx --eval ${PUSH}`, `npx tsx -e ${PUSH}`, `npx ts-node -e ${PUSH}`, `npx ts-node -p ${PUSH}`, `npx esno -e ${PUSH}`, `npx babel-node -e ${PUSH}`, `npx node@20 -e ${PUSH}`]);

  decideRows(decide, 'ask', 'the immune list under allow *: %s asks', [`tsx -e "require('child_process').execSync('rm -rf build')"`, `npx tsx -e "require('fs').rmSync('build',{recursive:true})"`], ['allow @coder exec *']);

  decideRows(decide, 'allow', 'ordinary: %s stays allowed', ['tsx scripts/build.ts', 'npx ts-node src/x.ts']);
});
