import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { explain, policyWith, sandbox } from './helpers.js';

// The task-runner tests' judge: `files` written in a fresh workspace, `line` decided for @coder under the most
// common deny rule (`deny @coder exec git push*` + `allow @coder exec *`).
export const DENY_PUSH = ['deny @coder exec git push*', 'allow @coder exec *'];

export async function decideTask(files: Record<string, string>, line: string): Promise<string> {
  const box = await sandbox();
  try {
    for (const [file, text] of Object.entries(files)) {
      await mkdir(dirname(join(box.root, file)), { recursive: true });
      await writeFile(join(box.root, file), text);
    }
    return (await explain(await policyWith(box, DENY_PUSH), `@coder exec ${line}`)).decision;
  } finally {
    await box.cleanup();
  }
}
