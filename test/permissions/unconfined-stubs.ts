// The harness of the --sandbox off install tests: every program a line names is a stub first on PATH that
// records its run in the workspace (ran.log), so the old code's failure installs nothing anywhere. The
// in-process engine runs each line with the OS sandbox off, under --yes or with an allow-all rule and an
// approver that answers no.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { createEngine } from '../../src/setup.js';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { writeFiles } from '../helpers/fixture.js';
import { sandbox, type Sandbox } from './helpers.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

export interface Stubbed {
  readonly box: () => Sandbox;
  readonly run: (cmd: string, asked?: ApprovalRequest[]) => Promise<string>;
  // The two verdicts every table row checks: the line needs a person under --yes (C241, the reason matching
  // `why`) and nothing ran; or it ran (the log is cleared for the next line of the same test).
  readonly asks: (cmd: string, why: RegExp) => Promise<void>;
  readonly runs: (cmd: string) => Promise<void>;
}

// One line run by the in-process engine in `box` with the OS sandbox off: under --yes, or (with `asked`) under an
// allow-all rule and an approver that answers no and records each question. 'ran', or the refusal's code and message.
export async function runOff(box: Sandbox, cmd: string, asked?: ApprovalRequest[]): Promise<string> {
  const approver = asked ? async (request: ApprovalRequest): Promise<'no'> => (asked.push(request), 'no') : undefined;
  const engine = await createEngine({
    workspace: box.root,
    env: { HOME: box.home, PATH: process.env['PATH'] ?? '', ...NO_JAIL },
    sandbox: { mode: 'off' },
    permissions: { home: box.home, yes: approver === undefined, ...(approver ? { approver, cliRules: { allow: ['@coder exec *'] } } : {}) },
  });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd } });
    return result.ok ? 'ran' : `${result.error.code} ${result.error.message}`;
  } finally {
    await engine.close();
  }
}

export function installStubs(names: readonly string[]): Stubbed {
  let box: Sandbox;
  beforeEach(async () => {
    box = await sandbox();
    const stubs = join(box.home, 'stubs');
    await mkdir(stubs);
    const stub = `#!/bin/sh\necho "$0 $*" >> "${join(box.root, 'ran.log')}"\n`;
    for (const name of names) {
      await writeFile(join(stubs, name), stub);
      await chmod(join(stubs, name), 0o755);
    }
    await writeFiles(box.root, { 'package.json': '{"name":"p"}\n', 'sub/a.txt': 'a\n', '.venv/bin/.keep': '' });
    // A Python program, as a real venv's pip is: a shell script of the workspace run by its path is read as a task
    // (R34-6), and its log line would be judged instead of pip's install.
    await writeFile(join(box.root, '.venv/bin/pip'), `#!/usr/bin/env python3\nimport sys\nopen(${JSON.stringify(join(box.root, 'ran.log'))}, 'a').write(' '.join(sys.argv) + '\\n')\n`);
    await chmod(join(box.root, '.venv/bin/pip'), 0o755);
    // The commands a run starts see the process's PATH (the engine's env is for its own look-ups).
    vi.stubEnv('PATH', `${stubs}:${process.env['PATH'] ?? ''}`);
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await box.cleanup();
  });
  const run = (cmd: string, asked?: ApprovalRequest[]): Promise<string> => runOff(box, cmd, asked);
  const ranLog = (): string => join(box.root, 'ran.log');
  const asks = async (cmd: string, why: RegExp): Promise<void> => {
    const out = await run(cmd);
    expect(out).toMatch(/^C241 /);
    expect(out).toMatch(/installs outside the workspace/);
    expect(out).toMatch(why);
    expect(existsSync(ranLog())).toBe(false);
  };
  const runs = async (cmd: string): Promise<void> => {
    expect(await run(cmd)).toBe('ran');
    expect(existsSync(ranLog())).toBe(true);
    await rm(ranLog(), { force: true });
  };
  return { box: () => box, run, asks, runs };
}
