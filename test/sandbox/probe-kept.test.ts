import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OverlayStager } from '../../src/sandbox/overlay.js';
import { ProcessSandbox } from '../../src/sandbox/sandbox.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { toolEnv } from '../helpers/tool-env.js';

type Env = { PATH: string; CODEWARD_BWRAP: string; CODEWARD_STATE_DIR: string };

// The bwrap probe of a cold call (sandbox.ts detect, probe-kept.ts): a positive answer is kept across
// processes (each ProcessSandbox here is what one process builds), a negative one never is.
describe.runIf(process.platform === 'linux')('the bwrap probe kept across processes', () => {
  let dir: string;
  let root: string;
  beforeAll(async () => {
    dir = await tempDir('probe-kept-');
    root = join(dir, 'ws');
    mkdirSync(root);
  });
  afterAll(() => removeDir(dir));

  // A stand-in bwrap that logs each time it is started and exits with `code`.
  const fakeBwrap = (name: string, code: number): { env: Env; probes: () => number } => {
    const program = join(dir, name);
    const log = join(dir, `${name}.log`);
    writeFileSync(program, `#!/bin/sh\necho probe >> '${log}'\nexit ${code}\n`);
    chmodSync(program, 0o755);
    writeFileSync(log, '');
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', CODEWARD_BWRAP: program, CODEWARD_STATE_DIR: join(dir, `state-${name}`) };
    return { env, probes: () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length };
  };
  const backendOf = async (env: Env) => (await ProcessSandbox.forWorkspace({ sandbox: undefined, sandboxNetwork: false, sandboxWritable: [] }, undefined, root, env).status()).backend?.kind;

  it('probes a working bwrap once, then answers from the kept answer in the next process', async () => {
    const { env, probes } = fakeBwrap('works', 0);
    expect(await backendOf(env)).toBe('bwrap');
    expect(await backendOf(env)).toBe('bwrap');
    expect(await backendOf(env)).toBe('bwrap');
    expect(probes()).toBe(1);
  });

  it('never keeps a failed probe: each process tries again (and runs unsandboxed only after trying)', async () => {
    const { env, probes } = fakeBwrap('fails', 1);
    expect(await backendOf(env)).toBeUndefined();
    expect(await backendOf(env)).toBeUndefined();
    expect(probes()).toBe(2);
  });

  it('probes again once the program changed, and for another program or a garbled kept answer', async () => {
    const { env, probes } = fakeBwrap('changes', 0);
    expect(await backendOf(env)).toBe('bwrap');
    // The same path, now a bwrap that cannot run: its identity changed, so it is probed (and found not to work).
    writeFileSync(env.CODEWARD_BWRAP, `#!/bin/sh\n# changed\necho probe >> '${join(dir, 'changes.log')}'\nexit 1\n`);
    expect(await backendOf(env)).toBeUndefined();
    expect(probes()).toBe(2);
    const other = fakeBwrap('other', 0);
    const shared = { ...other.env, CODEWARD_STATE_DIR: env.CODEWARD_STATE_DIR };
    expect(await backendOf(shared)).toBe('bwrap');
    writeFileSync(join(env.CODEWARD_STATE_DIR, 'bwrap-works'), 'garbled');
    expect(await backendOf(shared)).toBe('bwrap');
    expect(other.probes()).toBe(2);
  });

  it("keeps that an overlay mounts here for the workspace's next process, never that it does not", async () => {
    const bin = join(dir, 'overlay-bin');
    mkdirSync(bin);
    const log = join(dir, 'unshare.log');
    writeFileSync(log, '');
    const unshare = (code: number) => {
      writeFileSync(join(bin, 'unshare'), `#!/bin/sh\necho probe >> '${log}'\nexit ${code}\n${'#'.repeat(code)}\n`);
      chmodSync(join(bin, 'unshare'), 0o755);
    };
    const env = { PATH: `${bin}:${process.env['PATH'] ?? '/usr/bin:/bin'}` };
    const state = join(dir, 'overlay-state');
    mkdirSync(state);
    const probes = () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
    unshare(1);
    expect(await new OverlayStager(state, toolEnv(env)).unavailable(root)).toMatch(/an overlay cannot be mounted here/);
    expect(await new OverlayStager(state, toolEnv(env)).unavailable(root)).toMatch(/an overlay cannot be mounted here/);
    expect(probes()).toBe(2);
    unshare(0);
    expect(await new OverlayStager(state, toolEnv(env)).unavailable(root)).toBeUndefined();
    expect(await new OverlayStager(state, toolEnv(env)).unavailable(root)).toBeUndefined();
    expect(probes()).toBe(3);
    // Another workspace is probed on its own.
    const other = join(dir, 'ws-other');
    mkdirSync(other);
    expect(await new OverlayStager(state, toolEnv(env)).unavailable(other)).toBeUndefined();
    expect(probes()).toBe(4);
  });
});
