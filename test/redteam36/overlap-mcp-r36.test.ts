// R36-6 (fix37: ObeyedScan.start() returns the run's own snapshot) driven through the REAL MCP door: an MCP client may
// have several tool calls in flight, and `codeward mcp` runs them on ONE engine in parallel. Two overlapping in-place
// `--sandbox off` runs (the jailed run: the write gate's walk around it, src/sandbox/obeyed-scan.ts): run A waits for
// the file run B makes, then plants pkg/AGENTS.md after B has ended. Each run's write gate must judge its own run: A's
// plant is moved aside and named in A's answer, and B's answer, whose run wrote no such file, does not name it.
// perf38 keeps what the gate reads by identity on the engine (ctx.lasting): this guards that no per-run state is shared.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';
import { stdioClient, textOf, type ToolText } from '../doors/mcp-helpers.js';

const A = 'import os, time\nwhile not os.path.exists("go"):\n  time.sleep(0.05)\ntime.sleep(1.5)\nos.makedirs("pkg", exist_ok=True)\nopen("pkg/AGENTS.md", "w").write("EVIL")\n';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-overlap-mcp-r36-');
});
afterAll(async () => removeDir(base));

describe.skipIf(!bwrapWorks)('R36-6 through the MCP door: two overlapping in-place runs each judged by their own write gate', { timeout: 120_000 }, () => {
  it('the run that planted pkg/AGENTS.md has it moved aside and named; the overlapping run does not', async () => {
    const ws = join(base, 'ws'), state = join(base, 'state');
    mkdirSync(ws);
    mkdirSync(state, { mode: 0o700 });
    writeFileSync(join(ws, 'a.py'), A);
    writeFileSync(join(ws, 'b.py'), 'open("go", "w").write("1")\n');
    const client = await stdioClient(ws, state, { serverArgs: ['--sandbox', 'off', '--yes'] });
    try {
      const a = client.callTool({ name: 'exec', arguments: { cmd: 'python3 a.py' } }, undefined, { timeout: 90_000 });
      // B starts while A is waiting for it: the two runs overlap in one engine.
      await new Promise((done) => setTimeout(done, 1000));
      const b = (await client.callTool({ name: 'exec', arguments: { cmd: 'python3 b.py' } }, undefined, { timeout: 90_000 })) as unknown as ToolText;
      const ranA = (await a) as unknown as ToolText;
      expect(ranA.isError, textOf(ranA)).toBeFalsy();
      expect(b.isError, textOf(b)).toBeFalsy();
      // A ran past B's end: the two overlapped.
      expect(existsSync(join(ws, 'go'))).toBe(true);
      const left = existsSync(join(ws, 'pkg')) ? readdirSync(join(ws, 'pkg')) : [];
      expect(left).not.toContain('AGENTS.md');
      expect(left.some((name) => name.startsWith('AGENTS.md.planted-by-sandbox-')), left.join(', ')).toBe(true);
      expect(`${textOf(ranA)}\n${JSON.stringify(ranA.structuredContent)}`).toContain('pkg/AGENTS.md');
      expect(`${textOf(b)}\n${JSON.stringify(b.structuredContent)}`).not.toContain('pkg/AGENTS.md');
    } finally {
      await client.close();
    }
  });
});
