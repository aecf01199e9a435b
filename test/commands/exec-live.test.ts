import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, removeDir, tempDir } from '../helpers/fixture.js';

// exec at a terminal (not --json): the command's output is shown as it arrives, then the line saying
// how it ended; with --json, one envelope as always. A real pseudo-terminal drives the real binary.
let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir();
  state = await tempDir('codeward-live-state-');
});
const sessions: { kill(): void }[] = [];
afterEach(async () => {
  // A run that failed before the file appeared must not outlive the test (codeward kills its group on SIGHUP).
  for (const session of sessions.splice(0)) session.kill();
  await removeDir(root);
  await removeDir(state);
});

async function start(args: readonly string[]) {
  const pty = await import('@lydell/node-pty');
  const child = pty.spawn(process.execPath, [CLI, '--yes', ...args], { cols: 200, rows: 30, cwd: root, env: { ...process.env, CODEWARD_STATE_DIR: state } as Record<string, string> });
  let out = '';
  let exited = false;
  child.onData((data) => (out += data));
  const exit = new Promise<number>((resolve) => child.onExit(({ exitCode }) => ((exited = true), resolve(exitCode))));
  sessions.push({ kill: () => !exited && child.kill('SIGHUP') });
  return {
    output: () => out.replaceAll('\r\n', '\n'),
    exited: () => exited,
    exit,
    waitFor: async (text: string) => {
      const deadline = Date.now() + 20_000;
      while (!out.includes(text)) {
        if (Date.now() > deadline || exited) throw new Error(`never saw ${text}; got:\n${out}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

// The command prints, then waits for a file only the test creates after it saw the first line: the
// first line can only have reached the terminal while the command was still running.
const WAITING = 'echo first-line; echo err-line >&2; while [ ! -e go ]; do sleep 0.05; done; printf second-line; exit 3';

describe.skipIf(!existsSync(CLI))('exec output at a terminal', () => {
  it('is shown as it arrives, then only how it ended (not the captured output again)', async () => {
    // In place (--no-stage): a staged run sees the workspace through an overlay, where a file the test makes
    // during the run need not appear.
    const session = await start(['exec', '--no-stage', '--cmd', WAITING]);
    await session.waitFor('first-line');
    await session.waitFor('err-line');
    expect(session.output()).not.toContain('second-line');
    expect(session.exited()).toBe(false);
    await writeFile(join(root, 'go'), '');
    // exec passes the process's own exit status through (issue 28).
    expect(await session.exit).toBe(3);
    const output = session.output();
    // Shown once (the error line after it names the last stderr line, as always).
    const shown = output.slice(0, output.indexOf('error C253'));
    expect(shown.split('first-line')).toHaveLength(2);
    expect(shown.split('err-line')).toHaveLength(2);
    expect(output).not.toContain('--- stderr ---');
    // The last line had no newline: the end line starts on a line of its own.
    expect(output).toMatch(/second-line\n\[exit 3\]\n/);
    expect(output).toMatch(/error C253: exit code 3/);
  });

  it('with --json at a terminal: one envelope, nothing shown before it', async () => {
    await writeFile(join(root, 'go'), '');
    const session = await start(['--json', 'exec', '--cmd', WAITING]);
    expect(await session.exit).toBe(3);
    const envelope = JSON.parse(session.output().trim()) as { ok: boolean; data: { stdout: string; stderr: string; exitCode: number } };
    expect(envelope).toMatchObject({ ok: false, data: { stdout: 'first-line\nsecond-line', stderr: 'err-line\n', exitCode: 3 } });
  });
});
