// The two ways a sandboxed exec writes the workspace (issue 27): staged in an overlay (the default where one
// mounts) and in place (a platform without overlay; forced here with CODEWARD_NO_OVERLAY=1). The suites that
// attack the sandbox from inside run in both (describe.each(WRITE_MODES)); staged only where an overlay mounts.
import { overlayWorks } from '../shell/stage-helpers.js';

export interface WriteMode {
  readonly mode: string;
  // Added to the environment of the codeward the test runs.
  readonly env: Readonly<Record<string, string>>;
}

export const WRITE_MODES: readonly WriteMode[] = [{ mode: 'in place', env: { CODEWARD_NO_OVERLAY: '1' } }, ...(overlayWorks ? [{ mode: 'staged', env: {} }] : [])];
