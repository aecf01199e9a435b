// A python program that runs the shell script `script` (a path from its folder) with `sh` and exits with its code.
// Sandbox tests run an attacker's shell script IN PLACE through it: R34-6 (permissions/task-runner-shell.ts) reads a
// workspace shell script run by a shell or by its path before the run, and these tests test what holds after the
// parse (the OS sandbox, the after-run walk), so the script goes through a program the pre-run parse does not read.
export const shDriver = (script: string): string => `import subprocess, sys\nsys.exit(subprocess.run(['sh', ${JSON.stringify(script)}]).returncode)\n`;
