import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plain } from './harness.js';

// The TUI in a real pseudo-terminal: raw mode, Ctrl+C, an approval, the plan, and a clean exit
// (no handle left open once close() is called: the process ends by itself).
let dir: string;
let script: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'codeward-tui-pty-'));
  script = join(dir, 'fixture.mjs');
  const entry = fileURLToPath(new URL('./pty-fixture.ts', import.meta.url));
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: script, logLevel: 'error' });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the TUI in a pseudo-terminal', () => {
  it('asks an approval, shows the plan and a diff, takes Ctrl+C, reads a multiline answer and exits cleanly', async () => {
    const pty = await import('@lydell/node-pty');
    const child = pty.spawn(process.execPath, [script], { cols: 100, rows: 40, cwd: dir, env: { ...process.env } as Record<string, string> });
    let out = '';
    child.onData((data) => {
      out += data;
    });
    const exit = new Promise<number>((resolve) => child.onExit(({ exitCode }) => resolve(exitCode)));
    const waitFor = async (text: string): Promise<void> => {
      const deadline = Date.now() + 10_000;
      while (!plain(out).includes(text)) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${text}; got:\n${plain(out)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      await waitFor('[y] once / [a] always / [n] no / [d] never ›');
      const screen = plain(out);
      expect(screen).toContain('codeward · scripted:model · /tmp/demo · approvals: ask');
      expect(screen).toMatch(/⠋ thinking 0s/);
      expect(screen).toContain('  [x] 1. Read the file');
      expect(screen).toContain('  [>] 2. Fix the bug');
      expect(screen).toContain('● patch src/app.ts');
      expect(screen).not.toContain('tool_call');
      child.write('y\r');
      await waitFor('[answer=once]');
      await waitFor('[press ctrl-c]');
      expect(out).toContain('\x1b[31m-old\x1b[39m');
      child.write('\x03');
      await waitFor('[interrupted]');
      await waitFor("Waiting for your response (--- for multiline, 'exit' to finish):");
      child.write('---\r');
      await waitFor('… ');
      child.write('line one\r\x1b[200~pasted\rtwo\x1b[201~\r---\r');
      await waitFor('[message="line one\\npasted\\ntwo"]');
      child.write('exit\r');
      await waitFor('[end=null]');
      await waitFor('[raw=false]');
      expect(await exit).toBe(0);
    } finally {
      child.kill();
    }
  });
});
