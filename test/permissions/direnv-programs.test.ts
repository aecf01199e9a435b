// Issue 26 (runners.md "Left or doubtful" 2): an `.envrc` line that runs an ordinary program (`make env`,
// `npm run env`, `bash -c …`, `python -m …`) runs work-tree files on every `cd`, in the person's shell,
// unsandboxed; only direnv's stdlib was an allow-list, so the file such a program ran stayed writable under
// --yes. The whole `.envrc` is now an allow-list (src/permissions/home-sources-envrc.ts): builtins,
// assignments, its own functions, stdlib functions, files it runs, and programs of the read-only table (also
// inside `$(…)`); any other command is walked by the hook-line walker (a task runner's task is followed: what it
// runs asks, the rest of the tree stays free), and what the walker cannot follow obeys the whole work tree, the
// question naming the line.
import { describe, expect, it } from 'vitest';
import { envBase, writeAnswer, writtenIn } from './env-file-write.js';

const tmp = envBase('cw-envrc-programs-');

const MAKEFILE = { Makefile: 'env:\n\tsh tools/e.sh\n', 'tools/e.sh': 'echo hi\n', 'package.json': '{"scripts":{"env":"node tools/e.js"}}\n', justfile: 'env:\n  sh tools/e.sh\n' };

describe('an .envrc line running a program codeward does not model asks before what it runs is written (--yes)', () => {
  it.each([
    ['make env', 'tools/e.sh', '.envrc loads tools/e.sh'],
    ['npm run env', 'tools/e.js', '.envrc loads tools/e.js'],
    ['just env', 'tools/e.sh', '.envrc loads tools/e.sh'],
    ['export A="$(make -s env)"', 'tools/e.sh', 'make -s env'],
    ['export A=$(just env)', 'tools/e.sh', 'just env'],
    ['eval "$(make -s env)"', 'tools/e.sh', 'make -s env'],
    ['bash -c "sh tools/e.sh"', 'tools/e.sh', 'bash -c'],
    ['python3 -m tools.env', 'tools/env.py', 'python3 -m'],
    ['command make env', 'tools/e.sh', '.envrc loads tools/e.sh'],
    ['if has make; then\n  make env\nfi', 'tools/e.sh', '.envrc loads tools/e.sh'],
    ["trap 'sh tools/e.sh' EXIT", 'tools/e.sh', '.envrc loads tools/e.sh'],
    ['export T=$(gh tools-alias)', 'tools/e.sh', 'gh tools-alias'],
    ['export B=$(git -c core.pager=tools/e.sh log -1)', 'src/a.ts', 'git -c'],
    // A shell script the .envrc runs is walked with the same allow-list.
    ['./scripts/env.sh', 'tools/e.sh', '.envrc loads tools/e.sh'],
    ['bash scripts/env.sh', 'tools/e.sh', '.envrc loads tools/e.sh'],
    ['source_env_if_exists .envrc.local\n./scripts/self.sh', 'src/a.ts', 'scripts/self.sh'],
  ])('%s -> %s asks, the question naming the line', async (line, file, why) => {
    const scripts = { 'scripts/env.sh': '#!/bin/sh\nexport A=1\nmake env\n', 'scripts/self.sh': 'sh "$(dirname "$0")/x.sh"\n' };
    const answer = await writeAnswer(tmp.path, { '.envrc': `${line}\n`, ...MAKEFILE, ...scripts }, file);
    expect(answer.code).toBe('C241');
    expect(answer.message).toContain(why);
  });

  it.each([
    ['export VERSION=$(git describe --tags --always)'],
    ['export OS="$(uname -s)"\nexport ARCH=`uname -m`'],
    ['[ -f .env.local ] && dotenv .env.local'],
    ['if command -v nix >/dev/null; then\n  use flake\nfi'],
    ['setup() {\n  export A=1\n}\nsetup'],
    ['set -euo pipefail\nexport N=$((1 + 2))\necho loaded\nunset FOO'],
    ['export REV=$(git rev-parse --short HEAD)\nexport DATE=$(date +%Y)'],
    ['export GH_TOKEN=$(gh auth token)\nexport K=$(pass show devkey)'],
    ['./scripts/ok.sh\nbash scripts/ok.sh'],
  ])('%s: understood, an ordinary file stays free', async (envrc) => {
    expect(await writtenIn(tmp.path, { '.envrc': `${envrc}\n`, ...MAKEFILE, 'scripts/ok.sh': 'export A=$(uname -s)\n' }, 'tools/e.sh')).toBe('ok');
  });
});
