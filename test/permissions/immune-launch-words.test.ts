// Red team R11-1 (R9-3 class, round 11): a recursive delete run through a program the judge did not know
// as a launcher ran unasked under --yes --no-stage: the setarch family (`setarch x86_64 rm -r build`,
// `linux64 ...`), the text sed's `e` command runs (`sed 'e rm -r build'`; `e` alone and the s///e flag run
// text only known at run time), and launchers on no list at all (`ifne rm -r build`, `tini -- rm -r build`):
// a program codeward does not know whose argument words start a safety-immune command is judged as that
// command. Each line asks as `rm -r build` does; look-alikes stay ordinary.
import { describe } from 'vitest';
import { immunityBox, immunityCases } from './immune-cases.js';

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

// The red team's launchers on no list (R11-1, phase 3), and held-back spellings of the class.
const UNLISTED: readonly (readonly [string, string])[] = [
  ...[
    'ifne rm -r build', 'proot rm -r build', 'toolbox run rm -r build', 'distrobox enter -- rm -r build', 'guix shell -- rm -r build',
    'dotenvx run -- rm -r build', 'op run -- rm -r build', 'doppler run -- rm -r build', 'aws-vault exec x -- rm -r build',
    'infisical run -- rm -r build', 'chamber exec x -- rm -r build', 'envchain x rm -r build', 'tini -- rm -r build', 'dumb-init rm -r build',
    'daemonize /bin/rm -r build', 'start-stop-daemon --start --exec /bin/rm -- -r build', 'mpirun -np 1 rm -r build', 'srun rm -r build',
    'bear -- rm -r build', 'ccache rm -r build', 'libtool --mode=execute rm -r build', 'qemu-x86_64 /bin/rm -r build', 'capsh -- rm -r build',
    'lxc-execute -n x -- rm -r build', 'gtimeout 5 rm -r build', 'with-contenv rm -r build', 's6-setuidgid u rm -r build',
    'setuidgid u rm -r build', 'softlimit -m 1000 rm -r build', 'envdir ./env rm -r build', 'sem -- rm -r build', 'mytool --flag x rm -rf build',
  ].map((line) => ['rm-recursive', line] as const),
  ['git-clean-force', 'tini -- git clean -fdx'],
  ['find-delete', 'ifne find build -delete'],
  ['inline-recursive-delete', "tini -- python3 -c 'import shutil; shutil.rmtree(\"build\")'"],
];

const UNLISTED_ORDINARY: readonly string[] = [
  'tini -- npm test',
  'mytool build --rm',
  'mytool rm build',
  'mytool rm -f build/out.js',
  'git rm -r --cached build',
  'aws s3 rm --recursive s3://bucket/build',
  "git commit -m 'rm -r build'",
  'npm run build -- --rm',
  'docker rm -f web',
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

const box = immunityBox({ 'a.txt': 'a\n', 'build/out.js': 'b\n' });

describe('setarch and its personality aliases launch the command they are given (red team R11-1)', () => {
  immunityCases(box, SETARCH.map((line) => ['rm-recursive', line] as const), ORDINARY.slice(0, 3));
});

describe("sed's `e` text is judged as `sh -c TEXT`; text only known at run time asks (red team R11-1)", () => {
  immunityCases(box, SED, ORDINARY.slice(3));
});

describe('an unknown program whose words start an immune command is judged as that command (red team R11-1)', () => {
  immunityCases(box, UNLISTED, UNLISTED_ORDINARY);
});
