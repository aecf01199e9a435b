import { execFileSync } from 'node:child_process';

// Whether `program` is on this machine's PATH (tests of a real tool skip without it).
export function hasProgram(program: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
