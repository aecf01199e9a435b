// Red team R11-1 (R9-3 class, round 11): a recursive delete run through a program the judge did not know
// as a launcher ran unasked under --yes --no-stage: the setarch family (`setarch x86_64 rm -r build`,
// `linux64 ...`), the text sed's `e` command runs (`sed 'e rm -r build'`; `e` alone and the s///e flag run
// text only known at run time), and launchers on no list at all (`ifne rm -r build`, `tini -- rm -r build`):
// a program codeward does not know whose argument words start a safety-immune command is judged as that
// command. Each line asks as `rm -r build` does; look-alikes stay ordinary.
import { afterAll, beforeAll, describe } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { sandbox, type Sandbox } from './helpers.js';
import { immunityCases } from './immune-cases.js';

const SETARCH: readonly string[] = [
  'setarch x86_64 rm -r build',
  'linux64 rm -r build',
  'linux32 rm -r build',
  'i386 rm -r build',
  'x86_64 rm -r build',
  'setarch $(uname -m) -R rm -r build',
  "setarch linux64 sh -c 'rm -r build'",
  'echo build | xargs setarch x86_64 rm -r',
  'find . -maxdepth 1 -name build -exec setarch x86_64 rm -r {} +',
];

const SED: readonly (readonly [string, string])[] = [
  ['rm-recursive', "echo x | sed 'e rm -r build'"],
  ['rm-recursive', "echo x | sed -e 'e rm -r build'"],
  ['rm-recursive', "echo x | sed --expression='1e rm -r build'"],
  ['rm-recursive', "echo x | sed -n 'e rm -r build'"],
  ['rm-recursive', "sed 'e rm -r build' -"],
  ['rm-recursive', "sed 'e rm -r build' <<< x"],
  ['rm-recursive', "sed -ne 'p;e rm -r build' a.txt"],
  ['rm-recursive', "sed -e p -e '$e rm -r build' a.txt"],
  ['unparsed-code', "echo x | sed 's/x/rm -r build/e'"],
  ['unparsed-code', "echo 'rm -r build' | sed e"],
  ['unparsed-code', "printf 'rm -r build\\n' > l.txt; sed e l.txt"],
  ['unparsed-code', "sed 's/.*/rm -r build/ge' a.txt"],
];

const ORDINARY: readonly string[] = [
  'setarch x86_64 ls',
  'linux64 make',
  'setarch --list',
  "sed 's/e/x/g' a.txt",
  "sed -n '/e/p' a.txt",
  "sed 'e ls' a.txt",
  "sed --sandbox 's/x/y/' a.txt",
  "echo 'rm -r build' | sed 's/rm/x/'",
];

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  await writeFiles(box.root, { 'a.txt': 'a\n', 'build/out.js': 'b\n' });
});
afterAll(async () => {
  await box.cleanup();
});

describe('setarch and its personality aliases launch the command they are given (red team R11-1)', () => {
  immunityCases(() => box, SETARCH.map((line) => ['rm-recursive', line] as const), ORDINARY.slice(0, 3));
});

describe("sed's `e` text is judged as `sh -c TEXT`; text only known at run time asks (red team R11-1)", () => {
  immunityCases(() => box, SED, ORDINARY.slice(3));
});
