// R42-b10 — MAJOR (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — the tool settings
// variables that name a folder of code a tool runs now ask for CARGO_HOME, RUSTUP_HOME, GRADLE_USER_HOME, GOROOT,
// GOENV (R41-b4, command-variables.ts CONFIG_FILES / obeyed-env-homes.ts). JAVA_HOME is of the same kind and is free:
// maven's launcher (`mvn`, a shell script) runs `$JAVA_HOME/bin/java`, so `JAVA_HOME=j mvn -v` (a version query, no
// project code, no pom) runs the repository's j/bin/java. `env JAVA_HOME=$PWD/j mvn -v` asks (the env form);
// `JAVA_HOME=j mvn -v` and `export JAVA_HOME=$PWD/j; mvn -v` do not.
// Class: an environment variable naming the folder a launcher takes its runtime from (JAVA_HOME for mvn, gradle,
// sbt, ant, kotlinc, the gradle wrapper; likewise ANT_HOME, MAVEN_HOME/M2_HOME, GROOVY_HOME, SCALA_HOME, JDK_HOME).
// Repro (h-asgre 7b4b82b5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted;
// j/bin/java = '#!/bin/sh\nrm -rf ROOT/sub'; mvn 3.x on PATH):
//   $ codeward --yes exec --no-stage --cmd 'JAVA_HOME=j mvn -v'                    -> ran, sub/ GONE
//   $ codeward --yes exec --no-stage --cmd 'export JAVA_HOME=$PWD/j; mvn -v'       -> ran, sub/ GONE
// Expected: C241 (as for CARGO_HOME=. cargo build), work kept.
// Fix place: src/shell/command-variables.ts (CONFIG_FILES / the homes table) and src/permissions/obeyed-env-homes.ts:
// JAVA_HOME (bin/**) and the other *_HOME launcher variables named above.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const usable = bwrapWorks && spawnSync('mvn', ['-v'], { timeout: 60_000 }).status === 0;
const files = { 'j/bin/java': '#!/bin/sh\nrm -rf ROOT/sub\n' };

describe.skipIf(!usable)('R42-b10 MAJOR: JAVA_HOME names the java maven runs', { timeout: 120_000 }, () => {
  it('control: `env JAVA_HOME=$PWD/j mvn -v` asks (C241)', async () => {
    expect(await run('env JAVA_HOME=$PWD/j mvn -v', files)).toBe('C241');
  });
  it.each(['JAVA_HOME=j mvn -v', 'export JAVA_HOME=$PWD/j; mvn -v'])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
});
