import { closeSync, openSync, readSync, realpathSync, constants } from 'node:fs';
import { basename, resolve } from 'node:path';

// A package manager's own script run by node (`node /usr/lib/node_modules/npm/bin/npm-cli.js run deploy`) or
// a tool run through corepack (`corepack npm run deploy`) is that program for deny and ask rules (red team
// R14-16), also under another name (R14b-1): a symlink to its script (`node ./x`, `./x` found by its
// shebang), or a script whose code starts npm's cli (`require('/usr/lib/node_modules/npm/lib/cli.js')(process)`).
export const ENTRY_SCRIPTS: Readonly<Record<string, string>> = { 'npm-cli.js': 'npm', 'npx-cli.js': 'npx', npm: 'npm', npx: 'npx', 'yarn.js': 'yarn', 'yarn.cjs': 'yarn', yarn: 'yarn', 'pnpm.cjs': 'pnpm', 'pnpm.js': 'pnpm', pnpm: 'pnpm', 'pnpx.cjs': 'pnpx' };

const FIRST_BYTES = 16 * 1024;
// npm's cli loaded by path: its lib/cli.js, or its bin scripts.
const NPM_CLI = /\bnpm[\\/]+(?:lib[\\/]+cli(?:\.js)?|bin[\\/]+np[mx]-cli(?:\.js)?)\b|require\(\s*['"`]\.\.\/lib\/cli(?:\.js)?['"`]\s*\)/;

// The program a script file is, by its real name or its code; undefined when it is none of them (or unreadable).
export function scriptProgram(path: string, runDir: string): string | undefined {
  const full = resolve(runDir, path);
  let real: string;
  try {
    real = realpathSync(full);
  } catch {
    return undefined;
  }
  const byName = ENTRY_SCRIPTS[basename(real)];
  if (byName !== undefined) return byName;
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.alloc(FIRST_BYTES);
    const text = buffer.subarray(0, readSync(fd, buffer, 0, FIRST_BYTES, 0)).toString('utf8');
    return NPM_CLI.test(text) ? 'npm' : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
