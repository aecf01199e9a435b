// Parked: imports are written for the file moved to test/redteam39/<name>.test.ts (as round 38 moved its own).
// R39-b13 — MAJOR (seed 004's immune list of an unstaged run; "a build tool given a program to run in its arguments"
// reads `go build -toolexec=./s.sh` and asks) — GOFLAGS is go's own way to give the same flags ("a space-separated list
// of -flag=value settings to apply to go commands by default"): `GOFLAGS=-toolexec=./s.sh go build ./...` runs the
// workspace's s.sh (rm -rf) for every compile step, unasked. npm's environment spelling is already mapped to its option
// (`npm_config_userconfig=x npm …` is read as `npm --userconfig=x …`); go's is not. (Also -exec=, -vettool=, -overlay,
// -modfile, -C in GOFLAGS; `go env -w GOFLAGS=…` writes the user's go env file: a write of the person's configuration.)
//
// Reproduction (integ 507f8cca, root, bwrap, go; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// s.sh = '#!/bin/sh\necho EVIL\n/bin/rm -rf sub\n' (0755); go.mod + m.go a trivial main package):
//   $ codeward --yes exec --no-stage 'GOFLAGS=-toolexec=./s.sh go build ./...'  -> EVIL, [exit 1], sub/ GONE
//   control (held): `go build -toolexec=./s.sh ./...` -> C241; `go vet -vettool=./s.sh ./...` -> C241.
// Expected: C241 and the work kept. (Cost: the first go run of a fresh HOME fills its build cache, ~20 s here.)
// ONE place for the class fix: where npm_config_* is mapped onto npm's options (the parse's environment-to-option
// table): GOFLAGS split on blanks and read as go's own flags before the command's, through the same go reader.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-rt39b-');
});
afterAll(async () => removeDir(base));

const EVIL = '#!/bin/sh\necho EVIL\n/bin/rm -rf sub\n';
const FILES: Record<string, string> = { 's.sh': EVIL, 'go.mod': 'module m\n', 'm.go': 'package main\n\nfunc main() {}\n' };
async function verdict(line: string): Promise<string> {
  const root = join(base, `w${++count}`), home = join(base, `h${count}`);
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(root, 'sub/new.txt'), 'WORK\n');
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text, { mode: 0o755 });
  }
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `state${count}`) }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line, stage: false } });
    const kept = existsSync(join(root, 'sub/new.txt'));
    return result.ok ? (kept ? 'ran' : 'ran, work gone') : `${result.error.code === 'C241' ? 'C241' : 'ran'}${kept ? '' : ', work gone'}`;
  } finally {
    await engine.close();
  }
}

const hasGo = (process.env['PATH'] ?? '').split(':').some((dir) => existsSync(join(dir, 'go')));
describe.skipIf(!bwrapWorks || !hasGo)('R39-b13 MAJOR: GOFLAGS gives go a program to run that the option spelling would ask for', { timeout: 120_000 }, () => {
  it.each(['GOFLAGS=-toolexec=./s.sh go build ./...', 'GOFLAGS=-toolexec=$PWD/s.sh go vet ./...', 'env GOFLAGS=-toolexec=./s.sh go build ./...'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(['go build -toolexec=./s.sh ./...', 'go vet -vettool=./s.sh ./...'])('control: `%s` asks', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
});
