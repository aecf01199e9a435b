import { afterEach, beforeEach, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';

// Red team R6-2: undo's and redo's --all-sessions (other sessions' and doors' changes: a person's) and --turn
// (a whole answer of the model) decide what is taken back, so they are in the question, `policy check` and
// the "always" rule: an allow for `@coder undo .` does not cover `undo --all-sessions`. Through the binary.
let root: string;
beforeEach(async () => {
  root = await tempDir('codeward-undo-scope-');
});
afterEach(async () => {
  await removeDir(root);
});

const check = (call: object, ...rules: string[]) =>
  runCli(['-C', root, ...rules.flatMap((rule) => ['--allow', rule]), 'policy', 'check', JSON.stringify(call)], { env: { HOME: root, CODEWARD_STATE_DIR: `${root}/.state` }, yes: false }).stdout;

it.each(['undo', 'redo'])('%s --all-sessions --turn is asked as such; an allow of the plain call does not cover it', (cmd) => {
  expect(check({ cmd, args: { allSessions: true, turn: true } })).toMatch(new RegExp(`^ask: @coder ${cmd} --all-sessions --turn \\.`));
  expect(check({ cmd, args: { allSessions: true } }, `@coder ${cmd} .`)).toMatch(/^ask: /);
  expect(check({ cmd, args: {} }, `@coder ${cmd} .`)).toMatch(/^allow: /);
});
