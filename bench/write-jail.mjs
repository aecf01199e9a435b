// The write jail of `--sandbox off` (issue 26, fix33a: src/sandbox/write-jail.ts): what `codeward exec --cmd true`
// costs as a whole process with `--sandbox off` jailed (bwrap, the root read-only), with `--sandbox off` where no
// jail runs (CODEWARD_BWRAP=/bin/false: the run before the jail), and sandboxed (workspace-write), alternating in
// one run; the row gives the jailed run's cost over the unjailed one, and every median as a ratio to it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CLEAN_ENV, CLI, FIXTURES, NODE, alternate, errorRow, median, parseEnvelope, row } from './lib.mjs';

const DIR = join(FIXTURES, 'write-jail');
const WORKSPACE = join(DIR, 'ws');
const STATE = join(DIR, 'state');
const RUNS = 20;
const TARGET_MS = 30;
const NAME = `write jail: codeward exec true as a process, --sandbox off jailed − unjailed (median of ${RUNS})`;

const envelopeOk = (result) => {
  const { envelope, error } = parseEnvelope(result);
  return error ?? (envelope.data?.exitCode === 0 ? undefined : `exit code ${envelope.data?.exitCode}`);
};

export async function run() {
  const bwrap = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '--proc', '/proc', 'true']);
  if (bwrap.status !== 0) return [row({ name: 'write jail: no bwrap here', unit: 'ms', codeward: null, note: 'nothing measured: bwrap is missing or cannot run' })];
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(WORKSPACE, { recursive: true });
  mkdirSync(STATE, { recursive: true });
  spawnSync('git', ['init', '-q'], { cwd: WORKSPACE });
  const env = { ...CLEAN_ENV, CODEWARD_STATE_DIR: STATE };
  const exec = (sandbox, name, extra = {}) => ({ name, command: NODE, args: [CLI, '--yes', '--json', '--sandbox', sandbox, '-C', WORKSPACE, 'exec', '--cmd', 'true'], cwd: WORKSPACE, check: envelopeOk, env: { ...env, ...extra } });
  const { samples, errors } = alternate([exec('off', 'jailed'), exec('off', 'unjailed', { CODEWARD_BWRAP: '/bin/false' }), exec('workspace-write', 'sandboxed')], { runs: RUNS, warmup: 3 });
  const failed = Object.entries(errors)[0];
  if (failed) return [errorRow(NAME, `${failed[0]}: ${failed[1]}`)];
  const jailed = median(samples.jailed);
  const unjailed = median(samples.unjailed);
  const sandboxed = median(samples.sandboxed);
  return [
    row({
      name: NAME,
      unit: 'ms',
      codeward: jailed - unjailed,
      baseline: unjailed,
      ratio: jailed / unjailed,
      target: `≤ ${TARGET_MS} ms`,
      pass: jailed - unjailed <= TARGET_MS,
      note: `medians: off jailed ${jailed.toFixed(1)} ms (${(jailed / unjailed).toFixed(2)}× off unjailed), off unjailed (before the jail) ${unjailed.toFixed(1)} ms (1.00×), sandboxed ${sandboxed.toFixed(1)} ms (${(sandboxed / unjailed).toFixed(2)}×); a git workspace, 3 warm-up rounds`,
      samples,
    }),
  ];
}
