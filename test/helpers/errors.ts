import { expect } from 'vitest';
import { isCodewardError } from '../../src/engine/errors.js';

// The C210 message `fn` throws (fails the test on no throw or another code).
export function c210(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(isCodewardError(error)).toBe(true);
    expect((error as { code: string }).code).toBe('C210');
    return (error as Error).message;
  }
  throw new Error('expected a C210 error');
}

// The code and message of the CodewardError `run` throws (fails the test on no throw).
export function failure(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isCodewardError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a CodewardError');
}
