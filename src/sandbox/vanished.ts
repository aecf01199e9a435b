import { lstatQuiet } from '../files/stat-quiet.js';

// A path the run hides (a closed file beyond /etc as root, a secret of /etc or of a toolchain folder, codeward's own
// folders) removed between the walk and bubblewrap's start (a log rotated under /var/log): bubblewrap cannot make its
// mount point in a read-only folder and fails before the command starts. Not a refusal: nothing ran, the path no longer
// exists to hide. The caller prepares the run again (the walk sees the folder changed) and starts it once more
// (shell/run-call.ts). Only bubblewrap's own message, naming a mount point of THIS run that is gone NOW: a command that
// prints the same words (and could not make its own mount point vanish outside the workspace) is not run twice for it.
const MOUNT_POINT = /^bwrap: Can't (?:mkdir(?: parents for)?|create file at) (\/.+): [^:\n]+$/m;

export function vanishedMountPoint(wrapper: readonly string[], result: { readonly exitCode: number | null; readonly stdout: string; readonly stderr: string }): string | undefined {
  if (result.exitCode === 0 || result.stdout !== '') return undefined;
  const path = MOUNT_POINT.exec(result.stderr)?.[1];
  return path !== undefined && wrapper.includes(path) && lstatQuiet(path) === undefined ? path : undefined;
}
