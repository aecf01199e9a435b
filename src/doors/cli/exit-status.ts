import type { Envelope, FailedEntry } from '../../engine/envelope.js';

// The CLI's exit status (README "Exit status"): 0 ok, 1 failed, 2 usage error (CONTRACT "Exit status"),
// with two conventions scripts rely on:
// - a command that ran a process (exec, test: C253, the process exited non-zero) passes its status
//   through (`exit 3` exits 3, as ssh, docker run and env do; `test` exits as the runner did); a status
//   of 2 there is the process's own, the envelope and stderr tell it from a usage error;
// - search exits 1 when it found nothing, with an ok envelope (rg and grep: 0 found, 1 none).
// A batched command with a failed entry exits 1 although its envelope is ok (each entry's result is kept,
// CONTRACT "Batched commands").
export function exitCode(envelope: Envelope, failed: readonly FailedEntry[] = []): number {
  if (envelope.ok) {
    if (envelope.cmd === 'search' && foundNothing(envelope.data)) return 1;
    return failed.length > 0 ? 1 : 0;
  }
  if (envelope.error.code === 'C253') return childStatus(envelope.data) ?? 1;
  return envelope.usage ? 2 : 1;
}

function foundNothing(data: unknown): boolean {
  const found = data as { total?: unknown; pathMatches?: unknown[] } | undefined;
  return found?.total === 0 && (found.pathMatches?.length ?? 0) === 0;
}

// The exit status of the process exec or test ran (1-255); none for one killed by a signal (exit 1 then).
function childStatus(data: unknown): number | undefined {
  const code = (data as { exitCode?: unknown } | undefined)?.exitCode;
  return typeof code === 'number' && Number.isInteger(code) && code >= 1 && code <= 255 ? code : undefined;
}
