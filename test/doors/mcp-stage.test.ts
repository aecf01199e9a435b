// Issue 27 over MCP, with the real SDK client and the real binary (stdio): a staged exec's sed -i, rm,
// created build folder and chmod are each taken back by ONE undo tool call, byte-exact (bytes, modes,
// links, folders). Skipped where bwrap or an overlay in a user namespace cannot run.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks, tree } from '../shell/stage-helpers.js';
import { stdioClient, textOf, type ToolText } from './mcp-helpers.js';

let ws: string;
let state: string;
let client: Client | undefined;

beforeEach(async () => {
  ws = await tempDir('cw-mcp-stage-');
  state = await tempDir('cw-mcp-stage-state-');
  writeFileSync(join(ws, 'f.txt'), 'alpha\r\nbanana\n');
  writeFileSync(join(ws, 'gone.txt'), 'bye\n');
  writeFileSync(join(ws, 'run.sh'), '#!/bin/sh\necho run\n');
  chmodSync(join(ws, 'run.sh'), 0o644);
  mkdirSync(join(ws, 'src'));
  writeFileSync(join(ws, 'src/a.ts'), 'export const a = 1;\n');
});

afterEach(async () => {
  await client?.close();
  client = undefined;
  await removeDir(ws);
  await removeDir(state);
});

const call = async (name: string, args: Record<string, unknown> = {}): Promise<ToolText> => (await client!.callTool({ name, arguments: args })) as unknown as ToolText;

describe.skipIf(!bwrapWorks || !overlayWorks)('a staged exec over MCP is one undo step', { timeout: 180_000 }, () => {
  it('sed -i, rm, a created build folder and a chmod: each taken back by one undo call, byte-exact', async () => {
    client = await stdioClient(ws, state, { serverArgs: ['--yes'] });
    const commands = ['sed -i s/a/b/g f.txt', 'rm gone.txt', 'mkdir -p build/js && echo out > build/js/app.js && ln -s js/app.js build/main.js', 'chmod 755 run.sh'];
    for (const cmd of commands) {
      const before = tree(ws);
      const ran = await call('exec', { cmd });
      expect(ran.isError, textOf(ran)).toBeFalsy();
      expect(ran.structuredContent['data']?.changes?.checkpoint, JSON.stringify(ran)).toBeTypeOf('number');
      expect(textOf(ran)).toContain('undo takes the command back');
      expect(tree(ws)).not.toEqual(before);
      const undone = await call('undo');
      expect(undone.isError, textOf(undone)).toBeFalsy();
      expect(tree(ws), cmd).toEqual(before);
      // The next command starts from the command's result again (redo), so the four pile up.
      const redone = await call('redo');
      expect(redone.isError, textOf(redone)).toBeFalsy();
    }
    const listed = await call('checkpoints');
    for (const cmd of commands) expect(textOf(listed)).toContain(`exec ${cmd}`.slice(0, 40));
  });
});
