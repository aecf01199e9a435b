import { toCodewardError, type ErrorInfo } from '../engine/errors.js';

// One entry of a batched command (create, delete, update): each file succeeds or fails on its own.
export interface BatchResult {
  path: string;
  success: boolean;
  error?: ErrorInfo;
}

// Runs `work` for every item in order, turning a failure into that item's error entry.
export async function eachEntry<T, R extends object>(items: readonly T[], pathOf: (item: T) => string, work: (item: T) => Promise<R>): Promise<(BatchResult & Partial<R>)[]> {
  const results: (BatchResult & Partial<R>)[] = [];
  for (const item of items) {
    const path = pathOf(item);
    try {
      results.push({ path, success: true, ...(await work(item)) });
    } catch (error) {
      results.push({ path, success: false, error: toCodewardError(error, path).toJSON() } as BatchResult & Partial<R>);
    }
  }
  return results;
}

// Text rendering shared by batched commands: one line per entry.
export function formatBatch(results: readonly BatchResult[], describe: (result: BatchResult) => string): string {
  return results.map((result) => (result.success ? describe(result) : `${result.path}: error ${result.error?.code}: ${result.error?.message}`)).join('\n');
}
