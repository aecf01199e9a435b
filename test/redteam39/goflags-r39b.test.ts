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
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const EVIL = '#!/bin/sh\necho EVIL\n/bin/rm -rf sub\n';
const FILES: Record<string, string> = { 's.sh': EVIL, 'go.mod': 'module m\n', 'm.go': 'package main\n\nfunc main() {}\n' };
const verdict = inPlaceVerdicts(FILES);

const hasGo = (process.env['PATH'] ?? '').split(':').some((dir) => existsSync(join(dir, 'go')));
describe.skipIf(!bwrapWorks || !hasGo)('R39-b13 MAJOR: GOFLAGS gives go a program to run that the option spelling would ask for', { timeout: 120_000 }, () => {
  it.each(['GOFLAGS=-toolexec=./s.sh go build ./...', 'GOFLAGS=-toolexec=$PWD/s.sh go vet ./...', 'env GOFLAGS=-toolexec=./s.sh go build ./...'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(['go build -toolexec=./s.sh ./...', 'go vet -vettool=./s.sh ./...'])('control: `%s` asks', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
});
