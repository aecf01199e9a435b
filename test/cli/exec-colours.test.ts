import { afterEach, beforeEach, expect, it } from 'vitest';
import { CLI, removeDir, runCli, tempDir } from '../helpers/fixture.js';

// Issue 28: at a terminal, exec's and test's output keep their SGR colour codes (a runner forcing colour
// read as "\x1b[31m" escapes); conceal (8), OSC, cursor moves, erasing and a lone CR stay escaped. Piped and
// --json output stay byte-exact. Through the real binary in a pseudo-terminal (node-pty).
const ESC = '\u001b';
// Red and bold, a 256-colour and a true-colour code (38;5;8 is grey, not conceal), a reset; then what must
// stay escaped: conceal, conceal inside a colour code, OSC 52, a cursor move, erase screen, a lone CR.
const PRINTED = `${ESC}[1;31mRED${ESC}[0m ${ESC}[38;5;8mGREY${ESC}[38;2;1;2;3mRGB${ESC}[m|${ESC}[8mHID|${ESC}[31;8mHID2|${ESC}]52;c;eA==\u0007|${ESC}[2A|${ESC}[2J|a\rb\n`;
const printf = `printf '${PRINTED.replaceAll(ESC, '\\033').replaceAll('\u0007', '\\007').replace('\r', '\\r').replace('\n', '\\n')}'`;

let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir('codeward-colours-');
  state = await tempDir('codeward-colours-state-');
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

async function atTerminal(args: string[]): Promise<string> {
  const pty = await import('@lydell/node-pty');
  const child = pty.spawn(process.execPath, [CLI, '-C', root, '--yes', '--sandbox', 'off', ...args], { cols: 300, rows: 30, cwd: root, env: { ...process.env, CODEWARD_STATE_DIR: state, HOME: state } as Record<string, string> });
  let out = '';
  child.onData((data) => {
    out += data;
  });
  const code = await new Promise<number>((resolve) => child.onExit(({ exitCode }) => resolve(exitCode)));
  expect(code, out).toBe(0);
  return out;
}

const KEPT = `${ESC}[1;31mRED${ESC}[0m ${ESC}[38;5;8mGREY${ESC}[38;2;1;2;3mRGB${ESC}[m|`;
const ESCAPED = '\\x1b[8mHID|\\x1b[31;8mHID2|\\x1b]52;c;eA==\\x07|\\x1b[2A|\\x1b[2J|a\\rb';

it.each([['exec', ['exec', printf]], ['test', ['test', '--cmd', printf]]])('at a terminal, %s keeps colour codes and escapes the rest', async (_name, args) => {
  const out = await atTerminal(args);
  expect(out).toContain(`${KEPT}${ESCAPED}`);
  for (const raw of [`${ESC}[8m`, `${ESC}]52`, `${ESC}[2A`, `${ESC}[2J`]) expect(out).not.toContain(raw);
});

it('piped and --json output stay byte-exact', () => {
  const env = { CODEWARD_STATE_DIR: state, HOME: state };
  expect(runCli(['-C', root, '--sandbox', 'off', 'exec', printf], { env }).stdout).toContain(PRINTED);
  expect((runCli(['-C', root, '--sandbox', 'off', '--json', 'exec', printf], { env }).json.data as { stdout: string }).stdout).toBe(PRINTED);
});

it('a colour code cut between two pieces of live output is kept whole; a cut conceal stays escaped', async () => {
  const { colourStream } = await import('../../src/doors/cli/colours.js');
  let out = '';
  const stream = colourStream((text) => (out += text));
  for (const piece of [`A${ESC}[3`, `1mB${ESC}`, `[8mC${ESC}[`]) stream.write(piece);
  stream.flush();
  expect(out).toBe(`A${ESC}[31mB\\x1b[8mC\\x1b[`);
});
