import { realpathSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { Beneath } from '../workspace/beneath.js';
import { readHeadBeneath } from '../workspace/own-read-sync.js';
import { SYSTEM_PATH } from './system-folders.js';
import { grammarOf } from './canonical-grammars.js';
import { WORD_HOLE } from './pattern.js';

// A package manager's own script run by node (`node /usr/lib/node_modules/npm/bin/npm-cli.js run deploy`) or
// a tool run through corepack (`corepack npm run deploy`) is that program for deny and ask rules (red team
// R14-16), also under another name (R14b-1): a symlink to its script (`node ./x`, `./x` found by its
// shebang), or a script whose code starts npm's cli (`require('/usr/lib/node_modules/npm/lib/cli.js')(process)`).
// A program run by its path whose real name is a program rules are written about (`./g -> /usr/bin/git`) is
// that program; an executable that is not a script, outside the system's folders (a copy of git made in the
// workspace: `cp /usr/bin/gi[t] g; ./g push`, R15-17), may be any program: ANY_PROGRAM.
export const ENTRY_SCRIPTS: Readonly<Record<string, string>> = { 'npm-cli.js': 'npm', 'npx-cli.js': 'npx', npm: 'npm', npx: 'npx', 'yarn.js': 'yarn', 'yarn.cjs': 'yarn', yarn: 'yarn', 'pnpm.cjs': 'pnpm', 'pnpm.js': 'pnpm', pnpm: 'pnpm', 'pnpx.cjs': 'pnpx' };

// The name of a program only known at run time (a content no name tells): a one-word hole of rule patterns.
export const ANY_PROGRAM = WORD_HOLE;

const FIRST_BYTES = 16 * 1024;
// npm's cli loaded by path: its lib/cli.js, or its bin scripts.
const NPM_CLI = /\bnpm[\\/]+(?:lib[\\/]+cli(?:\.js)?|bin[\\/]+np[mx]-cli(?:\.js)?)\b|require\(\s*['"`]\.\.\/lib\/cli(?:\.js)?['"`]\s*\)/;
// The first bytes of the regular file `real`: inside the workspace through its read jail (no symlink on the
// way, none swapped in), elsewhere below `/` the same way (the path is already real: a link met is a swap).
// Undefined when it is not a readable regular file; a FIFO never blocks.
function firstBytes(real: string, root: string | undefined): Buffer | undefined {
  const inside = root !== undefined && new Beneath(root).contains(real);
  return readHeadBeneath(inside ? root : '/', real, FIRST_BYTES);
}

// The program a file run by its path is, by its real name or its code; undefined when it is none of them (or
// unreadable). `root`: the workspace, whose files are read through the jail. `direct`: the file itself is
// run (`./g`), not given to node (`node ./x`, where any file is a script).
export function scriptProgram(path: string, runDir: string, root?: string, direct = false): string | undefined {
  let real: string;
  try {
    real = realpathSync(resolve(runDir, path));
  } catch {
    return undefined;
  }
  const name = basename(real);
  // git reads its command from the name it is run by (`git-push -> git` pushes): that name is kept.
  const byName = ENTRY_SCRIPTS[name] ?? (grammarOf(name) !== undefined && !basename(path).startsWith('git-') ? name : undefined);
  if (byName !== undefined) return byName;
  const bytes = firstBytes(real, root);
  if (bytes === undefined) return undefined;
  if (NPM_CLI.test(bytes.toString('utf8'))) return 'npm';
  const script = bytes.subarray(0, 2).toString('latin1') === '#!';
  return direct && !script && !SYSTEM_PATH.test(real) && bytes.length > 0 ? ANY_PROGRAM : undefined;
}
