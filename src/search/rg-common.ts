// Helpers every ripgrep pass shares (content, file lists, path names).
import type { SearchRequest } from './types.js';
import type { RunOutcome, RipgrepSink } from './rg-run.js';

const BACKSLASH_PATHS = process.platform === 'win32';

export function relPath(path: string): string {
  return BACKSLASH_PATHS ? path.replaceAll('\\', '/') : path;
}

// rg's own complaint, cleaned up for a message.
export function rgMessage(stderr: string): string {
  return stderr.trim().split('\n').map((line) => line.replace(/^rg: /, '').trimEnd()).filter(Boolean).join('\n');
}

export const NOTHING_SEARCHED = 'No files were searched';

export function reportStderr(request: SearchRequest, stderr: string): void {
  if (stderr.includes(NOTHING_SEARCHED)) {
    request.warn('no file was searched: --glob, .gitignore or the hidden-file rules excluded every file below --dir');
  }
  const problems = rgMessage(stderr).split('\n').filter((line) => line !== '' && !line.includes(NOTHING_SEARCHED) && !line.startsWith('Running with --debug'));
  if (problems.length > 0) {
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
    request.warn(`some files could not be searched: ${problems.slice(0, 3).join('; ')}${more}`);
  }
}

// A pass with rg writing to a scratch file, again through a pipe when its output outgrew the file.
export async function anySink<T extends { readonly outcome: RunOutcome }>(pass: (sink: RipgrepSink) => Promise<T>, signal: AbortSignal): Promise<T> {
  const first = await pass('file');
  return first.outcome.overflowed && !signal.aborted ? pass('pipe') : first;
}

