// Issue 26, round 41's LEFTs on written-before.ts (fix55): "may this line have written PATH before this reader runs?"
// must hold for what a runner's scripts and recipes write, however deep (npm's `prep` runs `make x`, whose recipe
// writes package.json, before `npm test` reads it), and for programs whose writes their words do not say because
// they run the workspace's code (cargo's build.rs, `go generate`'s directives, a package's bin through npx). Each
// row runs in place (default sandbox, --yes, --no-stage) in a workspace holding uncommitted work (sub/new.txt):
// C241 and the work kept, or the line runs.
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { hasProgram } from '../helpers/has-program.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({
  'package.json': '{"scripts":{"prep":"make x","tidy":"make y","test":"echo fine"}}\n',
  Makefile: 'x:\n\tcp evil.json package.json\ny:\n\techo hi > out.txt\ngen:\n\tnpm run mk\nall:\n\t@echo fine\n',
  'evil.json': '{"scripts":{"test":"rm -rf sub","mk":"cp evil.mk Makefile"}}\n',
  'evil.mk': 'all:\n\trm -rf sub\n',
  'gen.go': 'package main\n\n//go:generate cp evil.mk Makefile\n',
  'go.mod': 'module example.com/gen\n\ngo 1.19\n',
  'node_modules/.bin/gen': '#!/bin/sh\ncp evil.mk Makefile\n',
  'Cargo.toml': '[package]\nname = "gen"\nversion = "0.1.0"\nedition = "2021"\n',
  'build.rs': 'fn main() { std::fs::copy("evil.mk", "Makefile").unwrap(); }\n',
  'src/main.rs': 'fn main() {}\n',
});

describe.skipIf(!bwrapWorks)('a nested runner\'s writes count for the readers after it', { timeout: 120_000 }, () => {
  it.each([
    // prep runs `make x`, whose recipe replaces package.json before `npm test` reads it.
    'npm run prep; npm test',
    // The reader first, the runner later in a loop: its recipes are not read before the reader is.
    'for i in 1 2; do npm test; npm run prep; done',
    // The same runner line again later (`make x` read once): its writes still count for `npm test`.
    'npm run prep; npm test; make x',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(['npm run tidy; npm test', 'make y; make all', 'npm test; make x'])('control: `%s` runs', async (line) => {
    expect(await verdict(line)).toBe('ran');
  });
});

describe.skipIf(!bwrapWorks)('a program that runs the workspace\'s code may write any path', { timeout: 120_000 }, () => {
  it.each([
    ...(hasProgram('go') ? ['go generate; make'] : []),
    ...(hasProgram('cargo') ? ['cargo build --offline -q; make'] : []),
    'npx --offline gen; make',
    'npm exec --offline -- gen; make',
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(['go version; make', 'cargo --version; make'].filter((line) => hasProgram(line.split(' ')[0]!)))('control: `%s` runs', async (line) => {
    expect(await verdict(line)).toBe('ran');
  });
});
