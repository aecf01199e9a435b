// R37-a2 — MINOR (robustness; fails closed) — a recursive reader whose folder is only known at run time
// (`grep -r x "$(cat f)"`) stops the call with an internal error: the parse's "unknown word" mark (U+0000,
// shell/danger-*.ts UNKNOWN) reaches a reader as a path (SUSPECTED, from the message, not traced: readonly-git-config-secrets.ts ->
// readonly-git-config.ts gitDirOf -> readGitMetadataOr(join(current, 'HEAD'))), and node throws on the NUL byte.
//
// Reproduction (integ 6925500c; s.txt names a folder; the default sandbox and --sandbox off alike):
//   $ codeward --yes exec --cmd 'grep -r "" "$(cat s.txt)"'
//   error C216: The argument 'path' must be a string, Uint8Array, or URL without null bytes. Received '/var/tmp/cw-rt37a-w/\x00/HEAD'
//   (`ls "$(cat s.txt)"` and `cat "$(cat p.txt)"` run: held)
// Expected: a word only known at run time is judged as unknown (the sandbox hides what it must, or the call asks with
// a reason), never turned into a path and never an internal error the model cannot act on.
// ONE place for the class fix (as suspected above): the git-config secret veto's folder words (readonly-git-config-secrets.ts): a word
// holding the UNKNOWN mark is "unknown" before any path is made of it (as folder-word.ts does for cd).
// FIXED (fix40): traced: the crash was git/config-secrets.ts's lstat of `ROOT/\0/HEAD` from namedConfig. The three read-
// only vetoes that make paths of a word's values (readonly-git-config-secrets.ts, readonly-git-secrets.ts,
// readonly-git-objects.ts) take them from permissions/word-paths.ts pathValues(), which leaves out every value holding
// the UNKNOWN mark: a run-time word is the OS sandbox's to judge (its view hides what it must), never a path.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt37a-unknown-');
  await writeFile(join(base, 's.txt'), 'sub\n');
});
afterAll(async () => rm(base, { recursive: true, force: true }));

describe.skipIf(!bwrapWorks)('R37-a2 MINOR: a run-time folder word of a recursive reader is an internal error', () => {
  it.each(['grep -r "" "$(cat s.txt)"', 'grep -rl x "$(cat s.txt)"'])('`%s` is judged, not C216', async (line) => {
    const engine = await createEngine({ workspace: base, env: { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, '.s') }, sandbox: { mode: 'workspace-write' }, permissions: { home: join(base, 'h'), yes: true } });
    try {
      const result = await engine.run({ cmd: 'exec', args: { cmd: line } });
      expect(result.ok ? 'ran' : result.error.code).not.toBe('C216');
    } finally {
      await engine.close();
    }
  }, 60_000);
});
