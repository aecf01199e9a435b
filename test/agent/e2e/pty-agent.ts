import { CLI } from '../../helpers/fixture.js';
import { plain } from '../ui/harness.js';

// `codeward agent ARGS` in a pseudo-terminal: what it printed so far (ANSI stripped), a wait for a text (from an
// offset of that text, within `timeoutMs`), keystrokes, and its exit code.
export interface AgentPty {
  output(): string;
  waitFor(text: string, from?: number): Promise<number>;
  write(keys: string): void;
  readonly exit: Promise<number>;
  kill(): void;
}

export async function spawnAgentPty(args: readonly string[], options: { cwd: string; env: Record<string, string>; timeoutMs?: number }): Promise<AgentPty> {
  const pty = await import('@lydell/node-pty');
  const child = pty.spawn(process.execPath, [CLI, 'agent', ...args], { cols: 220, rows: 50, cwd: options.cwd, env: options.env });
  let out = '';
  child.onData((data) => {
    out += data;
  });
  const exit = new Promise<number>((resolve) => child.onExit(({ exitCode }) => resolve(exitCode)));
  const waitFor = async (text: string, from = 0): Promise<number> => {
    const deadline = Date.now() + (options.timeoutMs ?? 20_000);
    for (;;) {
      const at = plain(out).indexOf(text, from);
      if (at >= 0) return at;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${text}; got:\n${plain(out)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { output: () => plain(out), waitFor, write: (keys) => child.write(keys), exit, kill: () => child.kill() };
}
