import { carried } from './git-index.js';
import { spawnSync } from './spawn-sync.js';

type Env = Readonly<Record<string, string | undefined>>;

// `git ls-files --stage -z` of the checkout `cwd` (a split or sparse index, which git-index.ts does not read), read as
// BYTES (issue 26, utf55): its paths are split on NUL from the Buffer, so a path that is not UTF-8 is not lost in a
// decode. `names`: every path (lossy when not UTF-8: for glob matching, where a lossy segment still matches `**`);
// `gitlinks`: the submodule paths, one that is not UTF-8 carried with its bytes (git-index.ts `carried`). Only the
// index is read: no config key makes ls-files run a program once fsmonitor is off. undefined when git fails.
export function lsFilesStage(git: string, cwd: string, env: Env): { names: string[]; gitlinks: string[] } | undefined {
  const result = spawnSync(git, ['-c', 'core.fsmonitor=false', 'ls-files', '--stage', '-z'], { cwd, maxBuffer: 256 * 1024 * 1024, env: { ...env, GIT_OPTIONAL_LOCKS: '0' } });
  if (result.status !== 0 || !Buffer.isBuffer(result.stdout)) return undefined;
  const out = result.stdout;
  const names: string[] = [];
  const gitlinks: string[] = [];
  for (let at = 0, end = out.indexOf(0); end >= 0; at = end + 1, end = out.indexOf(0, at)) {
    const tab = out.indexOf(0x09, at);
    if (tab < 0 || tab > end) continue;
    const raw = out.subarray(tab + 1, end);
    names.push(raw.toString('utf8'));
    if (out.toString('latin1', at, at + 7) === '160000 ') gitlinks.push(carried(raw));
  }
  return { names, gitlinks };
}
