import { readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { answersFileFor } from '../../src/permissions/policy-trust.js';

// Interactive approval of the real binary in a real pseudo-terminal (no --yes, stdin is a TTY).
let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir();
  state = await tempDir('codeward-tty-state-');
  await writeFiles(root, { 'a.txt': 'old\n' });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

interface Session {
  output(): string;
  waitFor(text: string | RegExp): Promise<void>;
  write(text: string): void;
  exit: Promise<number>;
}

async function start(args: readonly string[]): Promise<Session> {
  const pty = await import('@lydell/node-pty');
  const child = pty.spawn(process.execPath, [CLI, ...args], {
    cols: 120,
    rows: 30,
    cwd: root,
    env: { ...process.env, CODEWARD_STATE_DIR: state, HOME: state } as Record<string, string>,
  });
  let out = '';
  child.onData((data) => {
    out += data;
  });
  const exit = new Promise<number>((resolve) => child.onExit(({ exitCode }) => resolve(exitCode)));
  return {
    output: () => out,
    write: (text) => child.write(text),
    exit,
    waitFor: async (text) => {
      const deadline = Date.now() + 10_000;
      while (!(typeof text === 'string' ? out.includes(text) : text.test(out))) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(text)}; got:\n${out}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

describe('approval at a terminal', () => {
  it('asks once/always/no/never for a write; "y" runs it once', async () => {
    const session = await start(['write', '--file', 'a.txt', '--content', 'new\n']);
    await session.waitFor('[y] once / [a] always / [n] no / [d] never ?');
    expect(session.output()).toContain('codeward needs your approval: @coder write a.txt');
    session.write('y\r');
    expect(await session.exit).toBe(0);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('new\n');
  });

  it('"n" refuses with C240 and leaves the file alone', async () => {
    const session = await start(['write', '--file', 'a.txt', '--content', 'new\n']);
    await session.waitFor('?');
    session.write('n\r');
    expect(await session.exit).toBe(1);
    expect(session.output()).toMatch(/error C240/);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('old\n');
  });

  it('an empty line (just Enter) is not a yes: refused with C240, the file left alone', async () => {
    const session = await start(['write', '--file', 'a.txt', '--content', 'new\n']);
    await session.waitFor('?');
    session.write('\r');
    expect(await session.exit).toBe(1);
    expect(session.output()).toMatch(/error C240/);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('old\n');
  });

  it('an answer that was not offered ("sure", "always" for a line where two commands ask) is refused', async () => {
    const session = await start(['write', '--file', 'a.txt', '--content', 'new\n']);
    await session.waitFor('?');
    session.write('sure\r');
    expect(await session.exit).toBe(1);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('old\n');
    // One asking command may be allowed always (that exact command); a line where two ask may not.
    const exec = await start(['exec', '--cmd', 'touch made.txt && touch other.txt']);
    await exec.waitFor('[y] once / [n] no ?');
    exec.write('a\r');
    expect(await exec.exit).toBe(1);
    expect(exec.output()).toMatch(/error C240/);
    await expect(readFile(join(root, 'made.txt'), 'utf8')).rejects.toThrow();
  });

  // Issue 26: a two-file call is one question (it used to ask per file; this test typed a second "y" ahead).
  it('a two-file delete is one question; a "y" typed before it appeared is not its answer', async () => {
    await writeFiles(root, { 'b.txt': 'b\n' });
    const session = await start(['delete', '--paths', '["a.txt","b.txt"]']);
    session.write('y\r');
    await session.waitFor('@coder delete a.txt b.txt');
    await session.waitFor('never ?');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(session.output().match(/needs your approval/g)).toHaveLength(1);
    session.write('n\r');
    expect(await session.exit).toBe(1);
    expect(session.output()).toMatch(/error C240/);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('old\n');
    expect(await readFile(join(root, 'b.txt'), 'utf8')).toBe('b\n');
  });

  it('"a" (always) writes an allow rule to the user-level answers file (not the project), so the next call does not ask', async () => {
    const first = await start(['write', '--file', 'a.txt', '--content', 'one\n']);
    await first.waitFor('?');
    first.write('a\r');
    expect(await first.exit).toBe(0);
    await expect(readFile(join(root, '.codeward/policy.json'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    const policy = JSON.parse(await readFile(answersFileFor(state, await realpath(root)), 'utf8')) as { rules: { pattern: string; action: string }[] };
    expect(policy.rules).toContainEqual({ pattern: '@coder write a.txt', action: 'allow' });
    const second = await start(['write', '--file', 'a.txt', '--content', 'two\n']);
    expect(await second.exit).toBe(0);
    expect(second.output()).not.toContain('needs your approval');
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('two\n');
  });

  it('exec offers once/no only, and a safety-immune command says so', async () => {
    const session = await start(['exec', '--cmd', 'git push --force origin main']);
    await session.waitFor('?');
    expect(session.output()).toContain('[y] once / [n] no ?');
    expect(session.output()).toMatch(/safety-immune/);
    session.write('n\r');
    expect(await session.exit).toBe(1);
  });

  it('a catastrophic command is blocked without a question', async () => {
    const session = await start(['exec', '--cmd', 'rm -rf ~']);
    expect(await session.exit).toBe(1);
    expect(session.output()).toMatch(/error C242/);
    expect(session.output()).not.toContain('needs your approval');
  });
});
