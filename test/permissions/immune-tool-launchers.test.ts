// Red team R9-3 (rounds 9 and 10): a recursive delete spelled through another program ran unasked under
// --yes --no-stage. cmake's own file sub-commands (`cmake -E rm -r`, `remove_directory`), cmake as a
// launcher (`cmake -E chdir/env/time CMD`), multi-call binaries (`coreutils rm`), and `script` running
// $SHELL on a piped stdin are judged as the program they run: each asks as `rm -r build` does.
import { describe } from 'vitest';
import { immunityBox, immunityCases } from './immune-cases.js';

const IMMUNE: readonly (readonly [string, string])[] = [
  // The red team's lines.
  ['rm-recursive', 'cmake -E rm -r build'],
  ['rm-recursive', 'cmake -E remove_directory build'],
  ['rm-recursive', 'cmake -E rm -rf build'],
  ['rm-recursive', 'cmake -E chdir . rm -r build'],
  ['rm-recursive', 'cmake -E env rm -r build'],
  ['rm-recursive', 'cmake -E time rm -r build'],
  ['rm-recursive', 'echo build | xargs -I{} cmake -E rm -r {}'],
  ['rm-recursive', "echo 'rm -r build' | script -q /dev/null"],
  // Held-back variants.
  ['rm-recursive', 'cmake -E rm -R build'],
  ['rm-recursive', 'cmake -E rm -fr -- build'],
  ['rm-recursive', 'cmake -E remove_directory a build'],
  ['rm-recursive', '/usr/bin/cmake -E remove_directory build'],
  ['rm-recursive', 'cmake3 -E rm -r build'],
  ['rm-recursive', 'cmake -E env FOO=1 --unset=BAR rm -r build'],
  ['rm-recursive', 'cmake -E env --modify PATH=set:/x -- rm -r build'],
  ['rm-recursive', "cmake -E chdir build sh -c 'rm -rf .'"],
  ['rm-recursive', 'cmake -E time cmake -E remove_directory build'],
  ['rm-recursive', 'env cmake -E rm -r build'],
  ['rm-recursive', 'find . -name build -exec cmake -E remove_directory {} +'],
  ['bulk-delete', 'ls | xargs cmake -E rm -f'],
  ['rm-recursive', 'x=build; cmake -E remove_directory "$x"'],
  ['rm-recursive', 'coreutils rm -r build'],
  ['rm-recursive', 'coreutils --coreutils-prog=rm -r build'],
  ['rm-recursive', 'busybox rm -r build'],
  ['rm-recursive', 'toybox rm -rf build'],
  ['rm-recursive', "echo 'rm -r build' | script -q -e /dev/null"],
  // A here-string to $SHELL: asked as code codeward does not parse (script is not a shell by name).
  ['unparsed-code', "script -q /dev/null <<< 'rm -r build'"],
  ['rm-recursive', "script -qc 'rm -r build' /dev/null"],
  ['bulk-delete-tool', 'npx rimraf build'],
  ['bulk-delete-tool', 'npx del-cli build'],
  ['bulk-delete-tool', 'cmake -E env npx rimraf build'],
  ['git-clean-force', 'cmake -E chdir . git clean -fdx'],
  // Inline code of a language codeward does not parse, deleting a tree.
  ['unparsed-code', "emacs --batch --eval '(delete-directory \"build\" t)'"],
  ['unparsed-code', "julia -e 'rm(\"build\"; recursive=true)'"],
];

// The same class through other launchers (round 10's held-back check): environment and version managers,
// resource and tracing runners, job queues, namespaces, and programs that take shell text.
const LAUNCHED: readonly string[] = [
  'cross-env A=1 rm -r build',
  "cross-env-shell A=1 'rm -r build'",
  'dotenv -e .env -- rm -r build',
  'env-cmd -f .env rm -r build',
  'sshpass -p x rm -r build',
  'cpulimit -l 50 -- rm -r build',
  'trickle -d 10 rm -r build',
  'torify rm -r build',
  'perf stat rm -r build',
  'perf record -g -o p.data -- rm -r build',
  'rr record rm -r build',
  'pyenv exec rm -r build',
  'rbenv exec rm -r build',
  'asdf exec rm -r build',
  'mise exec node@20 -- rm -r build',
  'mise x -- rm -r build',
  'volta run --node 20 rm -r build',
  'fnm exec --using 20 rm -r build',
  'pixi run rm -r build',
  'devbox run rm -r build',
  'pueue add -- rm -r build',
  'tsp rm -r build',
  'nq rm -r build',
  'cgexec -g cpu:x rm -r build',
  'ip netns exec n rm -r build',
  'podman unshare rm -r build',
  'buildah unshare rm -r build',
  'fakechroot rm -r build',
  'heaptrack rm -r build',
  'dbus-launch rm -r build',
  "hyperfine 'rm -r build'",
  "hyperfine --prepare 'rm -r build' true",
  "concurrently 'npm run a' 'rm -r build'",
  "concurrently -k 'rm -r build' 'npm run b'",
  "hyperfine -N 'rm -r build'",
  "npx concurrently 'rm -r build'",
  "ansible localhost -m shell -a 'rm -r build'",
  "ansible localhost -a 'rm -r build'",
];

const LAUNCHED_ORDINARY: readonly string[] = [
  'pyenv versions',
  'mise ls',
  'mise exec node@20',
  'perf report',
  'ip netns list',
  'podman ps',
  "hyperfine 'sleep 0.1'",
  "concurrently 'npm run a' 'npm run b'",
  'ansible localhost -m ping',
  'git submodule update --init',
  'git rebase main',
];

const ORDINARY: readonly string[] = [
  'cmake -E echo hi',
  'cmake -E make_directory build',
  'cmake -E rm build/out.js',
  'cmake -E remove build/out.js',
  'cmake -E chdir build ls',
  'cmake -E env FOO=1 ls',
  'cmake -E time make',
  'cmake -S . -B build',
  'cmake --build build',
  'coreutils ls',
  'script -q log.txt -c ls',
  'emacs --batch -l build.el',
  'julia build.jl',
];

const box = immunityBox({ 'a/x': 'a\n', 'build/out.js': 'b\n' });

describe("a tool's own delete sub-commands and launchers ask as `rm -r build` does (red team R9-3)", () => {
  immunityCases(box, IMMUNE, ORDINARY);
});

// git's own runners ask already as git that may discard work; their command is parsed too.
const GIT_RUNNERS: readonly (readonly [string, string])[] = [
  ['git-discard', "git submodule foreach 'rm -r build'"],
  ['git-discard', 'git bisect run rm -r build'],
  ['git-discard', "git rebase -x 'rm -r build' HEAD~1"],
  ['git-discard', "git rebase --exec='rm -r build' HEAD~1"],
];

describe('other launchers are judged as the command they start (red team R9-3 class)', () => {
  immunityCases(box, [...LAUNCHED.map((line) => ['rm-recursive', line] as const), ...GIT_RUNNERS], LAUNCHED_ORDINARY);
});
