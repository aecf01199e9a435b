// Newcomer pass (issue 28), over MCP with the real SDK client and the real binary (stdio), staged: a real
// `npm install` set aside 50 CI files inside node_modules (.github/workflows/*.yml, .travis.yml), and the
// result listed 20 of them, each followed by the same 300-character "protected: ..." reason. Paths set aside
// for one reason are one entry now: the reason once, then the paths (the first 20, as before) and the count of the rest.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from '../shell/stage-helpers.js';
import { stdioClient, textOf } from './mcp-helpers.js';

let ws: string;
let state: string;
let client: Client | undefined;

beforeEach(async () => {
  ws = await tempDir('cw-mcp-aside-');
  state = await tempDir('cw-mcp-aside-state-');
});

afterEach(async () => {
  await client?.close();
  client = undefined;
  await removeDir(ws);
  await removeDir(state);
});

describe.skipIf(!bwrapWorks || !overlayWorks)('paths a staged exec wrote and were not applied', { timeout: 120_000 }, () => {
  it('are grouped by reason: the reason once, then the paths, then the count of the rest', async () => {
    client = await stdioClient(ws, state, { serverArgs: ['--yes'] });
    // What a package manager does, in a script (the command line names no path).
    writeFileSync(join(ws, 'install.sh'), 'for p in a b c d e f g h i j k l m n o p q r s t u v w x y z; do mkdir -p node_modules/$p/.github/workflows && echo on: push > node_modules/$p/.github/workflows/ci.yml; done\necho ok > node_modules/kept.txt\n');
    const result = await client.callTool({ name: 'exec', arguments: { cmd: 'sh install.sh' } });
    const text = textOf(result);
    expect(result.isError, text).toBeFalsy();
    const reasons = text.split('\n').filter((line) => line.includes('protected: a file another program runs or obeys later'));
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(/^ {2}\d+ paths: protected: /);
    expect(text).toContain('    node_modules/a/.github/workflows');
    expect(text).toMatch(/\n {2}… \d+ more paths\n/);
    expect(text).toContain('created node_modules/kept.txt');
  });
});
