// Newcomer pass (issue 28), over MCP with the real SDK client and the real binary: `exec npm install` of a
// project whose dependency has an install script carried npm's four-line `npm warn install-scripts` wall
// into the tool's text (every install a model runs); it is one line now, naming the package and its script.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { stdioClient, textOf, type ToolText } from './mcp-helpers.js';

let ws: string;
let state: string;
let client: Client | undefined;

beforeEach(async () => {
  ws = await tempDir('cw-mcp-npm-wall-');
  state = await tempDir('cw-mcp-npm-wall-state-');
});

afterEach(async () => {
  await client?.close();
  client = undefined;
  await removeDir(ws);
  await removeDir(state);
});

const call = async (name: string, args: Record<string, unknown>): Promise<ToolText> => (await client!.callTool({ name, arguments: args })) as unknown as ToolText;

// npm >= 11.18 leaves install scripts that allowScripts does not cover unrun and says so in a block.
const npmVersion = ((): number[] => {
  try {
    return execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim().split('.').map(Number);
  } catch {
    return [0];
  }
})();
const npmWalls = (npmVersion[0] ?? 0) > 11 || ((npmVersion[0] ?? 0) === 11 && (npmVersion[1] ?? 0) >= 18);

const WALL = [
  'npm warn install-scripts 2 packages have install scripts not yet covered by allowScripts:',
  'npm warn install-scripts   core-js@2.6.12 (postinstall: node -e "try{require(\'./postinstall\')}catch(e){}")',
  'npm warn install-scripts   esbuild@0.25.0 (install: node install.js)',
  'npm warn install-scripts',
  'npm warn install-scripts Run `npm install-scripts ls` to review, or `npm install-scripts approve <pkg>` to allow.',
];

describe('npm\'s install-scripts wall in exec output', { timeout: 120_000 }, () => {
  it('is one line naming the packages and their scripts, the lines around it kept', async () => {
    client = await stdioClient(ws, state, { serverArgs: ['--yes', '--sandbox', 'off'] });
    writeFileSync(join(ws, 'wall.txt'), `before\n${WALL.join('\n')}\nnpm warn deprecated x@1.0.0: gone\n`);
    const result = await call('exec', { cmd: 'cat wall.txt >&2; echo added 2 packages' });
    const text = textOf(result);
    expect(result.isError).toBeFalsy();
    expect(text).not.toContain('npm warn install-scripts');
    expect(text).toContain("before\nnpm did not run the install scripts of 2 packages (not covered by package.json's allowScripts): core-js@2.6.12 (postinstall), esbuild@0.25.0 (install); `npm install-scripts ls` reviews them, `npm install-scripts approve <pkg>` allows one\nnpm warn deprecated x@1.0.0: gone");
    expect(text).toContain('added 2 packages');
  });

  it.skipIf(!npmWalls)('a real offline npm install of a dependency with a postinstall script', async () => {
    mkdirSync(join(ws, 'dep'));
    writeFileSync(join(ws, 'dep/package.json'), '{"name":"dep","version":"1.0.0","scripts":{"postinstall":"node -e 1"}}\n');
    execFileSync('npm', ['pack', '--silent'], { cwd: join(ws, 'dep'), stdio: 'ignore' });
    writeFileSync(join(ws, 'package.json'), '{"name":"w","version":"1.0.0","dependencies":{"dep":"file:dep/dep-1.0.0.tgz"}}\n');
    client = await stdioClient(ws, state, { serverArgs: ['--yes'] });
    const result = await call('exec', { cmd: 'npm install --offline --no-audit --no-fund' });
    const text = textOf(result);
    expect(result.isError).toBeFalsy();
    expect(text).not.toContain('npm warn install-scripts');
    expect(text).toContain('npm did not run the install scripts of 1 package (not covered by package.json\'s allowScripts): dep@1.0.0 (postinstall);');
  });
});
