import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Tests drive the real binary, so build it from the current sources first. Every engine a test builds without a
// state folder of its own keeps its checkpoints, journals and sessions in one temporary folder (removed at the
// end), never in the user's ~/.cache: tests touch nothing outside temp dirs and the repository.
export default function setup(): () => void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  const state = mkdtempSync(join(tmpdir(), 'codeward-test-state-'));
  process.env['CODEWARD_STATE_DIR'] = state;
  return () => rmSync(state, { recursive: true, force: true });
}
