import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Tests drive the real binary, so build it from the current sources first. Each test file's temp folder and
// codeward state folder (never the user's ~/.cache) are set up by test/helpers/file-tmpdir.ts.
export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}
