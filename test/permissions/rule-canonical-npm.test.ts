import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npmCommand } from '../../src/permissions/canonical-npm.js';
import { writeFiles } from '../helpers/fixture.js';
import { execUnderYes } from './helpers-yes.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

// npm runs any unique prefix of its commands and aliases, and camelCase names (red team R14b-1): a deny rule
// on `npm run deploy*` must stop `npm run-s deploy`, `npm run-scr deploy`, `npm runScript deploy`.
let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => box.cleanup());

const SPELLINGS = ['npm run-s deploy', 'npm run-scr deploy', 'npm runScript deploy', 'npm runS deploy', 'npm --silent run-scri deploy', 'npm run-sc --x deploy'];

describe('npm abbreviations under a deny rule', () => {
  it.each(SPELLINGS)('%s is denied', async (line) => {
    const policy = await policyWith(box, ['deny @coder exec?npm run deploy*', 'allow @coder exec *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('deny');
  });
  it.each(['npm pub', 'npm publ --tag x', 'npm publis'])('%s is npm publish', async (line) => {
    const policy = await policyWith(box, ['deny @coder exec?npm publish*', 'allow @coder exec *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('deny');
  });
  it.each(['npm ru deploy', 'npm te', 'npm run build'])('held back: %s (npm refuses an ambiguous prefix) is not denied', async (line) => {
    const policy = await policyWith(box, ['deny @coder exec?npm run deploy*', 'deny @coder exec?npm test*', 'allow @coder exec *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('allow');
  });
});

// The table mirrors npm's own: checked against the npm installed here, every command, alias and prefix.
const npmList = ((): { commands: string[]; aliases: Record<string, string>; deref: (c: string) => string | undefined } | undefined => {
  try {
    const file = join(execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(), 'npm', 'lib', 'utils', 'cmd-list.js');
    return existsSync(file) ? createRequire(import.meta.url)(file) : undefined;
  } catch {
    return undefined;
  }
})();
describe.skipIf(npmList === undefined)('parity with the installed npm', () => {
  it('every name and every prefix of one resolves as npm resolves it', () => {
    const names = [...npmList!.commands, ...Object.keys(npmList!.aliases)];
    const words = new Set(names.flatMap((name) => [...name].map((_, i) => name.slice(0, i + 1))));
    for (const word of [...words, 'runScript', 'installTest']) expect([word, npmCommand(word)]).toEqual([word, npmList!.deref(word)]);
  });
});

describe('through exec under --yes with the real npm (in-process engine, no sandbox)', () => {
  it.each(['npm run-s deploy', 'npm runScript deploy'])('%s is C240 and the script does not run', async (cmd) => {
    await writeFiles(box.root, { 'package.json': JSON.stringify({ scripts: { deploy: 'echo x > deployed.txt' } }) });
    expect(await execUnderYes(box, ['@coder exec?npm run deploy*'], cmd)).toBe('C240');
    expect(existsSync(join(box.root, 'deployed.txt'))).toBe(false);
  });
});
