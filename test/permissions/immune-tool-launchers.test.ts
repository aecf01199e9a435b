// Red team R9-3 (rounds 9 and 10): a recursive delete spelled through another program ran unasked under
// --yes --no-stage. cmake's own file sub-commands (`cmake -E rm -r`, `remove_directory`), cmake as a
// launcher (`cmake -E chdir/env/time CMD`), multi-call binaries (`coreutils rm`), and `script` running
// $SHELL on a piped stdin are judged as the program they run: each asks as `rm -r build` does.
import { afterAll, beforeAll, describe } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { sandbox, type Sandbox } from './helpers.js';
import { immunityCases } from './immune-cases.js';

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
];

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  await writeFiles(box.root, { 'a/x': 'a\n', 'build/out.js': 'b\n' });
});
afterAll(async () => {
  await box.cleanup();
});

describe("a tool's own delete sub-commands and launchers ask as `rm -r build` does (red team R9-3)", () => {
  immunityCases(() => box, IMMUNE, ORDINARY);
});
