// FIXED (jail42): policy.ts readablePaths is sandboxReadable as both views read it (never "~", never relative).
// R38-a3 — MINOR (the user's own config, but the two views disagree) — `sandboxReadable: ["~"]` in the user's config:
// the default-deny sandbox drops "~" (policy.ts sandboxPolicy userReadable: `path === '~' ? []`, a home is never shown
// whole) while `--sandbox off`'s jail expands it with realPaths (policy.ts) and jailHomes (view-whole-root.ts) then
// leaves that home out of the emptied homes ("not one inside a folder the user made readable"): the jail shows the
// WHOLE home again, the non-accessible globs not applied (any project's .env, a *.pem in Downloads), only the credential
// catalogue (~/.ssh, ~/.aws) still hidden: R37-a1's hole, reopened by a config value the sandbox itself refuses. The
// same (by reading, not run) with a relative entry (".." from a workspace ~/ws): the sandbox ignores relative entries, realPaths resolves them
// against the workspace.
//
// Reproduction (integ 8bf2b72d, root, bwrap 0.8; H=/var/tmp/cw-rt38a-fx/home2, $H/.codeward/config.json =
// {"sandboxReadable":["~"]}; $H/proj/.env, $H/Downloads/s.pem, $H/.ssh/id_rsa, $H/.aws/credentials, $H/notes/todo.txt):
//   $ HOME=$H codeward --sandbox off --yes exec --cmd 'grep -r R38 "$HOME"'
//   .../home2/notes/todo.txt:NOTE_R38
//   .../home2/Downloads/s.pem:PEM_R38
//   .../home2/proj/.env:ENV_R38
//   [exit 0]
//   $ HOME=$H codeward --yes exec --cmd 'grep -r R38 "$HOME"'      -> [exit 1] (nothing: the sandbox drops "~")
// Expected: the jail shows a home exactly as the sandbox does for the same config (the docs' own promise: "its jail
// shows every home as the sandbox does").
// ONE place for the class fix: policy.ts: one function turns `sandboxReadable` into real paths (the sandbox's rule:
// "~" never, only "~/x" and absolute entries) and both sandboxPolicy's userReadable and write-jail-run.ts's
// jailHomes areas use it (today realPaths, made for sandboxWritable, serves the jail).
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const FILES: Record<string, string> = { 'proj/.env': 'ENV_R38', 'Downloads/s.pem': 'PEM_R38', '.ssh/id_rsa': 'SSH_R38' };

let base: string;
const printed: Record<string, string> = {};
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt38a-readable-');
  const home = join(base, 'home'), root = join(base, 'ws');
  mkdirSync(root);
  for (const [rel, text] of Object.entries({ ...FILES, '.codeward/config.json': '{"sandboxReadable":["~"]}' })) {
    mkdirSync(join(home, rel, '..'), { recursive: true });
    writeFileSync(join(home, rel), `${text}\n`);
  }
  if (!bwrapWorks) return;
  vi.stubEnv('HOME', home);
  for (const mode of ['off', 'workspace-write'] as const) {
    const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `state-${mode}`) }, sandbox: { mode }, permissions: { home, yes: true } });
    try {
      printed[mode] = JSON.stringify(await engine.run({ cmd: 'exec', args: { cmd: 'grep -r R38 "$HOME"; echo ran' } }));
    } finally {
      await engine.close();
    }
  }
}, 60_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!bwrapWorks)('R38-a3 MINOR: sandboxReadable ["~"] shows the whole home to the jail, not to the sandbox', () => {
  it('control: both ran; the sandbox shows none of them; the catalogue stays hidden in the jail', () => {
    expect(printed['off']).toContain('ran');
    expect(printed['workspace-write']).toContain('ran');
    expect(printed['workspace-write']).not.toMatch(/ENV_R38|PEM_R38/);
    expect(printed['off']).not.toContain('SSH_R38');
  });
  it('the jail does not print ~/proj/.env', () => {
    expect(printed['off']).not.toContain('ENV_R38');
  });
  it('the jail does not print ~/Downloads/s.pem', () => {
    expect(printed['off']).not.toContain('PEM_R38');
  });
});
