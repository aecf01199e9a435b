// 13. The default-deny sandbox view (issue 26): what a sandboxed `codeward exec --cmd true` costs as a
// whole process, with the real home folder (its toolchains are what the view shows and scans), beside
// the same call with `--sandbox off` and a bare `node -e 0`, the three alternating in one run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CLEAN_ENV, CLI, FIXTURES, NODE, alternate, errorRow, median, parseEnvelope, row } from './lib.mjs';

const DIR = join(FIXTURES, 'sandbox-view');
const WORKSPACE = join(DIR, 'ws');
const STATE = join(DIR, 'state');
// A state folder where the view cache cannot be kept (a folder stands at its file's name): every run walks
// /etc and the toolchain folders as before the cache (src/sandbox/view-cache.ts).
const UNCACHED = join(DIR, 'state-uncached');
const RUNS = 20;
const TARGET_MS = 30;
const NAME = `sandbox view: codeward exec true as a process, sandboxed − --sandbox off (median of ${RUNS})`;

const envelopeOk = (result) => {
  const { envelope, error } = parseEnvelope(result);
  return error ?? (envelope.data?.exitCode === 0 ? undefined : `exit code ${envelope.data?.exitCode}`);
};

export async function run() {
  const bwrap = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']);
  if (bwrap.status !== 0) return [row({ name: 'sandbox view: no OS sandbox here', unit: 'ms', codeward: null, note: 'nothing measured: bwrap is missing or cannot run' })];
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(WORKSPACE, { recursive: true });
  mkdirSync(STATE, { recursive: true });
  mkdirSync(join(UNCACHED, 'view-cache.json'), { recursive: true });
  spawnSync('git', ['init', '-q'], { cwd: WORKSPACE });
  const saved = CLEAN_ENV.CODEWARD_STATE_DIR;
  CLEAN_ENV.CODEWARD_STATE_DIR = STATE;
  try {
    const exec = (sandbox, name = sandbox, env = undefined) => ({ name, command: NODE, args: [CLI, '--yes', '--json', '--sandbox', sandbox, '-C', WORKSPACE, 'exec', '--cmd', 'true'], cwd: WORKSPACE, check: envelopeOk, ...(env ? { env } : {}) });
    const uncached = exec('workspace-write', 'uncached', { ...CLEAN_ENV, CODEWARD_STATE_DIR: UNCACHED });
    const { samples, errors } = alternate([exec('workspace-write'), uncached, exec('off'), { name: 'node', command: NODE, args: ['-e', '0'] }], { runs: RUNS, warmup: 3 });
    const failed = Object.entries(errors)[0];
    if (failed) return [errorRow(NAME, `${failed[0]}: ${failed[1]}`)];
    const on = median(samples['workspace-write']);
    const off = median(samples.off);
    const node = median(samples.node);
    const cold = median(samples.uncached);
    return [
      row({
        name: NAME,
        unit: 'ms',
        codeward: on - off,
        baseline: off,
        ratio: on / off,
        target: `≤ ${TARGET_MS} ms`,
        pass: on - off <= TARGET_MS,
        note: `medians: sandboxed ${on.toFixed(1)} ms, without the view cache ${cold.toFixed(1)} ms (${(cold - off).toFixed(1)} ms over off, ${(cold / off).toFixed(2)}× vs ${(on / off).toFixed(2)}× with it) (${(on / node).toFixed(2)}× node -e 0), --sandbox off ${off.toFixed(1)} ms (${(off / node).toFixed(2)}×), node -e 0 ${node.toFixed(1)} ms; HOME=${CLEAN_ENV.HOME ?? '(unset)'} (its toolchain folders are shown and scanned), a git workspace, 3 warm-up rounds`,
        samples,
      }),
    ];
  } finally {
    if (saved === undefined) delete CLEAN_ENV.CODEWARD_STATE_DIR;
    else CLEAN_ENV.CODEWARD_STATE_DIR = saved;
  }
}
