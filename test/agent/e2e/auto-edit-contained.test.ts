// Issue 29: auto-edit runs what the OS sandbox contains and undo can take back. Through the real binary
// and the real HTTP model server, headless: an exec (or test with a command line, a file, a pattern) that
// runs inside the sandbox with no network, its writes staged, runs without asking; everything else that
// asked before still asks (headless: C241 saying why), and what was blocked stays blocked.
import { existsSync } from 'node:fs';
import { chmod, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFiles } from '../../helpers/fixture.js';
import { agentScene, answer, coder, coderBody, runAgent } from './run-agent.js';

const HAS_BWRAP = existsSync('/usr/bin/bwrap');

const scene = agentScene();

// A stand-in for tape's bin (what `npx tape` runs from the project's node_modules/.bin): TAP for each file.
const TAPE = "#!/usr/bin/env node\nfor (const f of process.argv.slice(2)) { require(require('path').resolve(f)); console.log('ok 1 ' + f); }\nconsole.log('1..1');\n";

async function project(): Promise<string> {
  const root = await scene.folder('codeward-contained-');
  await writeFiles(root, {
    'package.json': '{ "name": "p", "scripts": { "test": "tape test/*.js" } }\n',
    'package-lock.json': '{}\n',
    'lib.js': 'module.exports = 1;\n',
    'script.js': "require('fs').writeFileSync('out.txt', 'made by script\\n');\n",
    'test/x.js': "require('fs').writeFileSync('tape-ran.txt', 'yes\\n');\n",
    'node_modules/.bin/tape': TAPE,
    '.env': 'TOKEN=secret\n',
  });
  await chmod(join(root, 'node_modules/.bin/tape'), 0o755);
  return root;
}

async function run(calls: string[], flags: string[] = [], extraEnv: Record<string, string> = {}): Promise<{ root: string; results: string; status: number | null }> {
  const server = await scene.serve({ replies: [answer('1. Run them', ...calls), 'done'] });
  const root = await project();
  const env = await scene.env(extraEnv);
  const result = await runAgent(['-p', 'run them', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--approval-mode', 'auto-edit', ...flags], { cwd: root, env, timeoutMs: 120_000 });
  return { root, results: server.requests[1]?.messages.at(-1)?.content ?? '', status: result.status };
}

const text = (root: string, path: string): Promise<string> => readFile(join(root, path), 'utf8');

describe.skipIf(!HAS_BWRAP)('auto-edit runs staged sandboxed commands unasked (issue 29)', () => {
  it('sed -i, node script.js, npx tape test/x.js and test with a file or --cmd run without asking, staged', async () => {
    const { root, results, status } = await run([
      coderBody('exec', { cmd: "sed -i 's/1/2/' lib.js" }),
      coder('exec', { cmd: 'node script.js' }),
      coder('exec', { cmd: 'npx tape test/x.js' }),
      coder('test', { cmd: 'node -e "process.exit(0)"' }),
    ]);
    expect(status).toBe(0);
    expect(results).not.toContain('C241');
    for (const n of [1, 2, 3, 4]) expect(results).toMatch(new RegExp(`\\[${n}\\] @coder (?:exec|test): ok`));
    // The staged writes were judged and applied to the workspace.
    expect(await text(root, 'lib.js')).toBe('module.exports = 2;\n');
    expect(await text(root, 'out.txt')).toBe('made by script\n');
    expect(await text(root, 'tape-ran.txt')).toBe('yes\n');
    expect(results).toContain('undo takes the command back');
  }, 180_000);

  it('still asks (headless: C241 with the reason) for --no-stage, curl and an ask rule; C242, immune and secrets stay refused', async () => {
    const { root, results } = await run([
      coder('exec', { cmd: 'node script.js', stage: false }),
      coder('exec', { cmd: 'curl http://127.0.0.1:9/x -o got.txt' }),
      coder('exec', { cmd: 'rm -rf /' }),
      coder('exec', { cmd: 'git reset --hard' }),
      coder('exec', { cmd: 'cat .env' }),
      coder('exec', { cmd: 'node -e 1' }),
      coder('exec', { cmd: 'git tag v9' }),
    ], ['--ask', '@coder exec node -e*']);
    expect(results).toMatch(/\[1\] @coder exec: error C241 [^\n]*does not run unasked because it would write in place, not staged/);
    expect(results).toMatch(/\[2\] @coder exec: error C241 [^\n]*does not run unasked because curl reaches the network/);
    expect(results).toMatch(/\[3\] @coder exec: error C242/);
    expect(results).toMatch(/\[4\] @coder exec: error C241 [^\n]*safety-immune/);
    expect(results).toMatch(/\[5\] @coder exec: error C211/);
    expect(results).toMatch(/\[6\] @coder exec: error C241/);
    // git writes .git in place (the sandbox binds the real one): undo would not take it back.
    expect(results).toMatch(/\[7\] @coder exec: error C241 [^\n]*git writes the repository \(\.git\) in place/);
    // Every refusal names exec and test among what still runs (this session stages them).
    expect(results).toMatch(/Go on with what runs without asking \(reads, searches, file edits, and exec and test calls \(inside the OS sandbox, no network/);
    expect(existsSync(join(root, 'out.txt'))).toBe(false);
    expect(existsSync(join(root, 'got.txt'))).toBe(false);
  }, 180_000);

  it('asks with the sandbox\'s network on, with no overlay to stage in, and with the sandbox off; the hint then names no exec', async () => {
    const staged = await run([coder('exec', { cmd: 'node script.js' })], ['--sandbox-network']);
    expect(staged.results).toMatch(/\[1\] @coder exec: error C241 [^\n]*the sandbox lets it reach the network/);
    expect(staged.results).toMatch(/\(reads, searches and file edits\)/);
    const unstaged = await run([coder('exec', { cmd: 'node script.js' })], [], { CODEWARD_NO_OVERLAY: '1' });
    expect(unstaged.results).toMatch(/\[1\] @coder exec: error C241 [^\n]*it would write in place, not staged \(no overlay can be mounted here \(CODEWARD_NO_OVERLAY=1\)\)/);
    expect(unstaged.results).toMatch(/\(reads, searches and file edits\)/);
    const off = await run([coder('exec', { cmd: 'node script.js' }), coder('test', {})], ['--sandbox', 'off']);
    expect(off.results).toMatch(/\[1\] @coder exec: error C241 [^\n]*outside any OS sandbox/);
    expect(off.results).toMatch(/\[2\] @coder test: error C241/);
    expect(off.results).toMatch(/\(reads, searches and file edits\)/);
    expect(existsSync(join(off.root, 'out.txt'))).toBe(false);
  }, 240_000);

  it('asks when the user\'s config turns staging off (an untrusted project\'s cannot: it only tightens)', async () => {
    const server = await scene.serve({ replies: [answer('1. Run', coder('exec', { cmd: 'node script.js' })), 'done'] });
    const root = await project();
    const env = await scene.env();
    await writeFiles(env['HOME']!, { '.codeward/config.json': '{ "stage": false }\n' });
    await runAgent(['-p', 'run', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--approval-mode', 'auto-edit'], { cwd: root, env, timeoutMs: 120_000 });
    expect(server.requests[1]!.messages.at(-1)!.content).toMatch(/\[1\] @coder exec: error C241 [^\n]*"stage": false in your ~\/.codeward\/config.json/);
    expect(existsSync(join(root, 'out.txt'))).toBe(false);
  }, 180_000);
});
