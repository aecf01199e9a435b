// R5-1 (red team round 5), the reproduction through the real binary and the real HTTP model server,
// headless auto-edit with the user's checkpointMaxMB at 1: run 1 (a contained exec nobody approved)
// deletes uncommitted work, runs 2-4 write a 600 KB pad; pruning dropped run 1's step and `undo` answered
// C224 with no warning. Now the run that would push run 1 out is refused (C213 naming checkpointMaxMB)
// with nothing applied, and undo brings the deleted file back.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, writeFiles } from '../../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from '../../shell/stage-helpers.js';
import { agentEnv, answer, coderBody, runAgent } from './run-agent.js';
import { scratch } from './scratch.js';

const { made, serve } = scratch();

const padRun = (letter: string): string => coderBody('exec', { cmd: `node -e "require('fs').writeFileSync('pad.bin', '${letter}'.repeat(600 * 1024))"` });

describe.skipIf(!bwrapWorks || !overlayWorks)('a contained run cannot push an earlier run\'s checkpoint out of the store (R5-1)', () => {
  it('rm of uncommitted work, then pads: the pad that does not fit is refused with C213, and undo brings the file back', async () => {
    const root = await tempDir('codeward-room-e2e-');
    made.push(root);
    await writeFiles(root, { 'precious.txt': 'uncommitted work\n' });
    const env: Record<string, string> = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    made.push(env['HOME']!);
    await mkdir(join(env['HOME']!, '.codeward'), { recursive: true });
    await writeFile(join(env['HOME']!, '.codeward', 'config.json'), '{"checkpointMaxMB": 1}\n');
    const server = await serve([answer('1. Clean up', coderBody('exec', { cmd: 'rm precious.txt' }), padRun('a'), padRun('b'), padRun('c')), 'done']);
    await runAgent(['-p', 'clean up', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--approval-mode', 'auto-edit'], { cwd: root, env, timeoutMs: 150_000 });
    const results = server.requests[1]?.messages.at(-1)?.content ?? '';
    // They ran unasked (the hole's precondition); the last pad was refused, nothing of it applied.
    expect(results).toMatch(/\[1\] @coder exec: ok/);
    expect(results).toMatch(/\[4\] @coder exec: error C213[^\n]*checkpointMaxMB: 1/);
    expect(existsSync(join(root, 'precious.txt'))).toBe(false);
    expect(readFileSync(join(root, 'pad.bin'), 'utf8').slice(0, 1)).toBe('b');
    const undo = runCli(['--json', '-C', root, 'undo', '--steps', '3'], { cwd: root, env });
    expect(undo.json.ok, undo.stdout + undo.stderr).toBe(true);
    expect(readFileSync(join(root, 'precious.txt'), 'utf8')).toBe('uncommitted work\n');
  }, 200_000);
});
