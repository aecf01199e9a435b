// left28's LEFT (left29): a package script whose program launches other commands from its own arguments
// (`"cc": "concurrently \"yarn g\""`, the parser's launch table: parse-launchers.ts) ran a denied script the
// rules' reading of package scripts did not follow: `npm run cc` was ALLOWED under `deny git push*` (a top-level
// `concurrently "yarn g"` was denied). Now those launched lines are read for the scripts they run
// (shell/run-script-launched.ts). concurrently's `npm:g` is `npm run g`.
import { describe, expect, it } from 'vitest';
import { decideTask } from './task-runner-decide.js';

const pkg = (scripts: Record<string, string>): Record<string, string> => ({ 'package.json': JSON.stringify({ scripts: { g: 'git push origin main', lint: 'eslint .', ...scripts } }) });

describe('a script launching a denied script through its arguments (red on old: allow)', () => {
  it.each([
    ['concurrently "yarn g"'],
    ['concurrently "yarn g" "npm:lint"'],
    ['concurrently "npm:g"'],
    ['concurrently -n a,b "eslint ." "yarn run g"'],
    ['concurrently --kill-others "pnpm g"'],
  ])('"cc": %j -> npm run cc is not allowed', async (script) => {
    expect(await decideTask(pkg({ cc: script }), 'npm run cc')).not.toBe('allow');
  }, 60_000);
});

describe('friction: ordinary concurrent scripts stay allowed (held)', () => {
  it.each([
    ['concurrently "eslint ." "tsc -b"'],
    ['concurrently "npm:lint" "vite"'],
    ['concurrently -n lint,types "yarn lint" "tsc --noEmit"'],
  ])('"cc": %j -> npm run cc allowed', async (script) => {
    expect(await decideTask(pkg({ cc: script }), 'npm run cc')).toBe('allow');
  }, 60_000);
});
