// Issue 28: the README's worker quick start works as written, through the real binary, in a project that
// is not codeward's: its config.yaml (shown in full), its commands, one warning per start without a config,
// and refusals (C241) that name the rule that asked and the rule to copy.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { EngineDouble, type Frame } from './worker-engine-double.js';

// The README's worker section: its config.yaml block and its `npx codeward worker` lines.
function quickStart(): { yaml: string; commands: string[][] } {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## The iii worker door');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const yaml = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
  const sh = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const commands = sh.split('\n').filter((line) => line.startsWith('npx codeward worker ')).map((line) =>
    (line.replace(/\s+#.*$/, '').slice('npx codeward '.length).match(/'[^']*'|\S+/g) ?? []).map((token) => token.replace(/^'(.*)'$/, '$1')));
  if (yaml === undefined) throw new Error("the README's worker section shows no config.yaml");
  return { yaml, commands };
}

let project: string;
let home: string;
let engine: EngineDouble;
beforeEach(async () => {
  project = await tempDir('codeward-worker-quick-');
  home = await tempDir('codeward-worker-quick-home-');
  await writeFiles(project, { 'src/a.ts': 'export const a = 1;\n', 'README.md': '# my project\n' });
  engine = await EngineDouble.start();
});
afterEach(async () => {
  await engine.close();
  await removeDir(project);
  await removeDir(home);
});

const env = (): NodeJS.ProcessEnv => ({ ...process.env, HOME: home, CODEWARD_STATE_DIR: join(home, '.state') });

// Starts a worker (argv after `codeward`) joined to the engine double; resolves once its functions are registered.
async function serve(argv: string[]): Promise<{ stderr: () => string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [CLI, ...argv, '--url', engine.url], { cwd: project, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  await Promise.race([engine.until(() => (engine.frames.filter((f) => f.type === 'registerfunction').length >= 7 ? true : undefined)), exited.then(() => {
    throw new Error(`worker exited: ${stderr}`);
  })]);
  return { stderr: () => stderr, stop: async () => {
    child.kill('SIGTERM');
    return exited;
  } };
}

const entryError = (frame: Frame, index = 0): { code: string; message: string } => JSON.parse(frame.result.results[index].error);

describe("the README's worker quick start, through the real binary", () => {
  it('its config.yaml and commands work as written: one local call, then served writes where --allow says', async () => {
    const { yaml, commands } = quickStart();
    await writeFile(join(project, 'config.yaml'), yaml);
    const [invoke, join_] = commands;
    expect(invoke).toContain('--invoke');
    const local = spawnSync(process.execPath, [CLI, ...invoke!], { cwd: project, env: env(), encoding: 'utf8' });
    expect(local.status, local.stdout + local.stderr).toBe(0);
    expect(JSON.parse(local.stdout).entries.map((entry: { name: string }) => entry.name)).toEqual(['README.md', 'config.yaml', 'src']);
    expect(local.stderr).toBe('');

    const worker = await serve(join_!);
    const updated = await engine.invoke('coder::update-file', { files: [{ path: 'src/a.ts', ops: [{ op: 'insert', at_line: 2, content: 'export const b = 2;' }] }] }, 'u1');
    expect(updated.result.results[0]).toMatchObject({ success: true });
    expect(await readFile(join(project, 'src/a.ts'), 'utf8')).toBe('export const a = 1;\nexport const b = 2;\n');
    // Outside what --allow names: refused, naming the setting that asked and the rule to copy.
    const outside = await engine.invoke('coder::create-file', { files: [{ path: 'docs/n.md', content: 'x' }] }, 'c1');
    const refused = entryError(outside);
    expect(refused.code).toBe('C241');
    expect(refused.message).toContain('no rule allows it, and default_write_action is ask');
    // The config it was given is named as read (newcomer26: "the default unless F sets it" read as F unread).
    expect(refused.message).toContain(`default_write_action is ask (as ${join(project, 'config.yaml')} says, or the worker's default when it has no such key)`);
    expect(refused.message).toContain("--allow '@coder create docs/n.md'");
    expect(await worker.stop()).toBe(0);
    expect(worker.stderr()).not.toContain('warning');
  });

  it('without a config.yaml the worker warns once per start, not per call', async () => {
    const worker = await serve(['worker']);
    for (const id of ['r1', 'r2', 'r3']) expect((await engine.invoke('coder::read-file', { path: 'src/a.ts' }, id)).result).toMatchObject({ path: 'src/a.ts' });
    expect(await worker.stop()).toBe(0);
    expect(worker.stderr().match(/warning: no config\.yaml in /g)).toHaveLength(1);
    expect(worker.stderr()).toContain("the README's worker quick start shows a config.yaml");
  });

  it('an ask rule is named with its file, and the flag that allows the call', async () => {
    await writeFiles(home, { '.codeward/policy.json': JSON.stringify({ rules: [{ pattern: '@coder update src/**', action: 'ask' }] }) });
    const worker = await serve(['worker']);
    const asked = await engine.invoke('coder::update-file', { files: [{ path: 'src/a.ts', ops: [{ op: 'insert', at_line: 1, content: '// x' }] }] }, 'a1');
    const refused = entryError(asked);
    expect(refused.code).toBe('C241');
    expect(refused.message).toContain(`the rule "@coder update src/**" (ask) from ${join(home, '.codeward/policy.json')} says to ask first`);
    expect(refused.message).toContain("--allow '@coder update src/a.ts'");
    const hook = await engine.invoke('coder::create-file', { files: [{ path: '.git/hooks/pre-commit', content: 'x' }] }, 'a2');
    expect(entryError(hook).message).toMatch(/^refused: @coder create \.git\/hooks\/pre-commit: it is protected, .*No rule or flag allows it: make this change yourself, outside the worker$/);
    await worker.stop();
  });
});
