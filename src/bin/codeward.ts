#!/usr/bin/env node
import { main } from '../doors/cli/main.js';

const code = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  ...(process.stdin.isTTY ? { prompt: process.stdin } : {}),
  ...(process.stdout.isTTY ? { terminal: process.stdout } : {}),
});
process.exitCode = code;
