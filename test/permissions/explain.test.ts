import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DenialTracker } from '../../src/permissions/denials.js';
import { envelopePairs, explainCall, judgedFor } from '../../src/permissions/explain.js';
import { compilePattern, escapePattern } from '../../src/permissions/pattern.js';
import type { Policy } from '../../src/permissions/policy.js';
import { parser, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
let policy: Policy;
beforeAll(async () => {
  box = await sandbox();
  policy = await policyWith(box, ['allow @coder exec npm *', 'deny @coder * secrets/**']);
});
afterAll(async () => {
  await box.cleanup();
});

const check = (input: string | Record<string, unknown>) => explainCall(policy, new DenialTracker(), input, { parser });

describe('explainCall (codeward policy check)', () => {
  test('call strings', async () => {
    expect(await check('@coder exec npm test')).toMatchObject({ decision: 'allow', source: 'cli', rule: { pattern: '@coder exec npm *', action: 'allow' }, judged: '@coder exec npm test' });
    expect(await check('@coder write src/a.ts')).toMatchObject({ decision: 'ask', source: 'default' });
    expect(await check('write ./secrets/x')).toMatchObject({ decision: 'deny', source: 'cli', judged: '@coder write secrets/x' });
    expect(await check('@coder tree')).toMatchObject({ decision: 'allow', source: 'default', judged: '@coder tree' });
  });

  test('JSON envelopes, one part per file', async () => {
    expect(await check('{"cmd":"exec","args":{"cmd":"npm test"}}')).toMatchObject({ decision: 'allow', judged: '@coder exec npm test' });
    const multi = await check({ cmd: 'multipatch', args: { edits: [{ file: 'a.ts', search: 'x', replace: 'y' }, { file: 'secrets/k', search: 'x', replace: 'y' }] } });
    expect(multi.decision).toBe('deny');
    expect(multi.parts.map((p) => p.judged)).toEqual(['@coder multipatch a.ts', '@coder multipatch secrets/k']);
    expect(await check({ cmd: 'search', args: { query: 'TODO' } })).toMatchObject({ decision: 'allow', judged: '@coder search TODO' });
    expect(await check({ cmd: 'delete', args: { paths: ['secrets'] } })).toMatchObject({ decision: 'deny' });
    expect(await check('@coder exec cat secrets/k')).toMatchObject({ decision: 'deny' });
    await expect(check('{"cmd": ')).rejects.toMatchObject({ code: 'C210' });
    await expect(check({ args: {} })).rejects.toMatchObject({ code: 'C210' });
  });

  test('(command, primary) pairs for other doors', () => {
    expect(judgedFor('exec', 'ls')).toMatchObject({ kind: 'shell', call: '@coder exec ls' });
    expect(judgedFor('read', 'a.txt')).toMatchObject({ kind: 'path', access: 'read' });
    expect(judgedFor('delete', 'a.txt')).toMatchObject({ kind: 'path', access: 'delete' });
    expect(judgedFor('git-log', 'x')).toMatchObject({ kind: 'plain', call: '@coder git-log' });
    expect(judgedFor('read_file', 'a', { commands: { find: (n) => (n === 'read_file' ? { name: 'read', effect: 'read' } : undefined) } })).toMatchObject({ command: 'read', call: '@coder read a' });
    expect(envelopePairs({ cmd: 'test', args: { dir: 'pkg' } })).toEqual([{ command: 'test', primary: 'pkg', kind: 'path' }]);
  });
});

describe('patterns', () => {
  const subject = (text: string, path?: string) => ({ text, command: text.split(' ')[1]!, ...(path ? { path } : {}) });
  test('escaping makes glob characters literal', () => {
    const literal = compilePattern(escapePattern('@coder exec echo *'));
    expect(literal.glob).toBe(false);
    expect(literal.matches(subject('@coder exec echo *'))).toBe(true);
    expect(literal.matches(subject('@coder exec echo x'))).toBe(false);
    expect(compilePattern('@coder exec echo \\?x').matches(subject('@coder exec echo ?x'))).toBe(true);
  });
  test('word boundary of prefixes', () => {
    const p = compilePattern('@coder exec npm run');
    expect(p.matches(subject('@coder exec npm run build'))).toBe(true);
    expect(p.matches(subject('@coder exec npm runx'))).toBe(false);
    expect(p.matches(subject('@coder exec npm run-script'))).toBe(false);
    expect(compilePattern('@coder exec npm run ').matches(subject('@coder exec npm run x'))).toBe(true);
  });
  test('allow rules (exact): a literal ending in a non-word character ends at a word gap', () => {
    // A saved `@coder test .` (the folder's tests) never allowed `test --cmd ./x.sh` (red team, config pass).
    const allow = compilePattern('@coder test .', { exact: true });
    expect(allow.matches(subject('@coder test .'))).toBe(true);
    expect(allow.matches(subject('@coder test ./x.sh'))).toBe(false);
    expect(allow.matches(subject('@coder test .; sh x'))).toBe(false);
    expect(compilePattern('@coder exec ls -la', { exact: true }).matches(subject('@coder exec ls -la src'))).toBe(true);
    expect(compilePattern('@coder exec make -C', { exact: true }).matches(subject('@coder exec make -C x'))).toBe(true);
    // Ending in `/` or a space still covers what follows.
    expect(compilePattern('@coder exec cat src/', { exact: true }).matches(subject('@coder exec cat src/a.ts'))).toBe(true);
    // Deny and ask rules keep the wider prefix: they stop `./x.sh` too.
    expect(compilePattern('@coder test .').matches(subject('@coder test ./x.sh'))).toBe(true);
  });
  test('path globs: * in one segment, ** across, basename form, dot files included', () => {
    expect(compilePattern('@coder write *').matches(subject('@coder write a/b/.env', 'a/b/.env'))).toBe(true);
    expect(compilePattern('@coder write src/*').matches(subject('@coder write src/a/b', 'src/a/b'))).toBe(false);
    expect(compilePattern('@coder write src/**/test/*.ts').matches(subject('@coder write src/x/y/test/a.ts', 'src/x/y/test/a.ts'))).toBe(true);
    expect(compilePattern('@coder write a?.ts').matches(subject('@coder write d/ab.ts', 'd/ab.ts'))).toBe(true);
    expect(compilePattern('@coder write (x)/[y]').matches(subject('@coder write (x)/[y]', '(x)/[y]'))).toBe(true);
    expect(compilePattern('@coder read *').matches(subject('@coder write a', 'a'))).toBe(false);
  });
});
