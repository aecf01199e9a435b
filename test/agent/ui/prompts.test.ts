import { describe, expect, it } from 'vitest';
import { tick, harnesses } from './harness.js';

const open = harnesses();

describe('askUser and readTask', () => {
  it('reads one line, trimmed, and shows the `> ` prompt', async () => {
    const { tui, input, output } = open();
    const answer = tui.askUser('Done.', false);
    input.write('  add a test  \n');
    await expect(answer).resolves.toBe('add a test');
    expect(output.screen).toContain('\n>   add a test  \n');
    expect(output.screen).not.toContain('Waiting');
  });

  it('shows the waiting line after a question', async () => {
    const { tui, input, output } = open();
    const answer = tui.askUser('Which database?', true);
    input.write('postgres\n');
    await expect(answer).resolves.toBe('postgres');
    expect(output.screen).toContain("⏳ Waiting for your response (--- for multiline, 'exit' to finish):\n> postgres\n");
  });

  it.each([
    ['---', '---'],
    ['```', '```'],
    ['---', '```'],
  ])('joins a block between %s and %s with newlines, keeping blank lines and exit words inside', async (open_, close) => {
    const { tui, input } = open();
    const answer = tui.askUser('?', true);
    input.write(`${open_}\nfirst line\n\n  exit\n${close}\nignored until next prompt\n`);
    await expect(answer).resolves.toBe('first line\n\n  exit');
  });

  it('keeps lines that arrived in the same chunk for the next prompt', async () => {
    const { tui, input } = open();
    input.write('one\ntwo\n');
    await tick();
    await expect(tui.readTask()).resolves.toBe('one');
    await expect(tui.askUser('', false)).resolves.toBe('two');
  });

  it('reads a line split across chunks and CRLF line ends', async () => {
    const { tui, input } = open();
    const answer = tui.readTask();
    input.write('fix the');
    await tick();
    input.write(' bug\r');
    await tick();
    input.write('\nnext\r\n');
    await expect(answer).resolves.toBe('fix the bug');
    await expect(tui.askUser('', false)).resolves.toBe('next');
  });

  it.each(['exit', 'quit', 'sair', 'EXIT', ' Quit ', 'Sair'])('ends the session on %j', async (word) => {
    const { tui, input } = open();
    const answer = tui.askUser('?', true);
    input.write(`${word}\n`);
    await expect(answer).resolves.toBeNull();
  });

  it('ends the session on an empty line', async () => {
    const { tui, input } = open();
    const answer = tui.askUser('?', false);
    input.write('   \n');
    await expect(answer).resolves.toBeNull();
  });

  it('ends the session at end of input, also inside a block and for every later prompt', async () => {
    const { tui, input } = open();
    const answer = tui.askUser('?', true);
    input.end('---\nhalf a block\n');
    await expect(answer).resolves.toBeNull();
    await expect(tui.readTask()).resolves.toBeNull();
  });

  it('returns a last line that has no newline before the end of input', async () => {
    const { tui, input } = open();
    const answer = tui.readTask();
    input.end('last words');
    await expect(answer).resolves.toBe('last words');
  });
});
