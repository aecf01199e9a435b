import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeFiles } from '../../helpers/fixture.js';
import { agentScene, answer, coder } from './run-agent.js';
import { spawnAgentPty } from './pty-agent.js';

// The person at the terminal: an approval says in plain words what runs, in which folder and whether
// inside the OS sandbox; after it ran, they see what it printed (capped, with the count of the lines
// between).
const scene = agentScene();

const PRINT = 'node print.js';
const HAS_BWRAP = existsSync('/usr/bin/bwrap');

// The question's own line (the "always" line below it may show the rule it saves, labelled as such).
const questionLine = (screen: string): string => /\? approve:[^\r\n]*/.exec(screen)?.[0] ?? '';

describe('approvals in plain words and the output of what ran (issue 29, TUI)', () => {
  it('exec in a sub-folder: runs, where and the sandbox are named; its output is shown capped', async () => {
    const server = await scene.serve({ replies: [answer('1. Run the script', coder('exec', { cmd: PRINT, dir: 'tools' })), 'It printed 30 lines.'] });
    const root = await scene.folder('codeward-agent-words-');
    await writeFiles(root, { 'tools/print.js': 'for (let i = 1; i <= 30; i += 1) console.log(`printed line ${i}`);\n' });
    const env = await scene.env();
    const pty = await spawnAgentPty(['--provider', 'openai', '--model', 'gpt-test', '--base-url', server.openaiBaseUrl, '--sandbox', 'off', 'run the script'], { cwd: root, env });
    try {
      const asked = await pty.waitFor('[y] once');
      const question = pty.output().slice(0, asked);
      expect(question).toContain(`runs: ${PRINT}`);
      expect(question).toMatch(/where: in tools · outside the OS sandbox \(turned off.*\), reads unconfined, writes jailed to the workspace/);
      // The question line in plain words, never rule syntax; without a sandbox nothing is staged.
      expect(questionLine(question)).toBe(`? approve: run ${PRINT} in tools, stopped after 600 s · in place (undo cannot take it back)`);
      pty.write('y');
      const done = await pty.waitFor('✓ done');
      const shown = pty.output().slice(asked, done);
      // The first and last lines of what it printed, the rest counted.
      expect(shown).toMatch(/printed line 1\r?\n/);
      expect(shown).toContain('printed line 30');
      expect(shown).toMatch(/… \d+ more lines/);
      expect(shown).not.toContain('printed line 15');
      pty.write('exit\r');
      expect(await pty.exit).toBe(0);
    } finally {
      pty.kill();
    }
  });

  it.skipIf(!HAS_BWRAP)('in the sandbox the question says the run is staged, and a --no-stage run says in place; no rule syntax on the question line', async () => {
    const calls = [coder('exec', { cmd: 'node -e 1', timeout: 30 }), coder('exec', { cmd: 'node -e 2', stage: false }), coder('test', { cmd: 'node -e 3' })];
    const server = await scene.serve({ replies: [answer('1. Run them', ...calls), 'Ran them.'] });
    const root = await scene.folder('codeward-agent-words-');
    const env = await scene.env();
    const pty = await spawnAgentPty(['--provider', 'openai', '--model', 'gpt-test', '--base-url', server.openaiBaseUrl, 'run them'], { cwd: root, env });
    try {
      const lines: string[] = [];
      let from = 0;
      for (let n = 0; n < 3; n++) {
        const asked = await pty.waitFor('[y] once', from);
        lines.push(questionLine(pty.output().slice(from, asked)));
        from = asked + 1;
        pty.write('y');
      }
      expect(lines).toEqual([
        '? approve: run node -e 1 in the workspace root, stopped after 30 s · staged (undo takes back its file changes, not git history)',
        '? approve: run node -e 2 in the workspace root, stopped after 600 s · in place (undo cannot take it back)',
        '? approve: run the tests with node -e 3 in the workspace root, stopped after 600 s · staged (undo takes back its file changes, not git history)',
      ]);
      for (const line of lines) expect(line).not.toMatch(/@coder|exec\?|test \./);
      await pty.waitFor('Ran them.');
      pty.write('exit\r');
      expect(await pty.exit).toBe(0);
    } finally {
      pty.kill();
    }
  }, 120_000);
});
