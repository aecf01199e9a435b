// Shared by the staged exec tests (issue 27): whether bwrap and an overlay in a user namespace run here,
// and the byte-exact state of a workspace.
import { spawnSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

export const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
export const overlayWorks = (() => {
  const probe = spawnSync('sh', ['-c', 'd=$(mktemp -d) && mkdir $d/l $d/u $d/w $d/m && unshare -Urm mount -t overlay x -o lowerdir=$d/l,upperdir=$d/u,workdir=$d/w,userxattr $d/m; s=$?; rm -rf $d; exit $s']);
  return probe.status === 0;
})();

// Every file, link and folder below `dir` (but the top .git) with its bytes or target and mode.
export function tree(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    if (prefix === '' && name === '.git') continue;
    const path = join(dir, name);
    const rel = prefix === '' ? name : `${prefix}/${name}`;
    const stats = lstatSync(path);
    if (stats.isDirectory()) Object.assign(out, { [`${rel}/`]: (stats.mode & 0o7777).toString(8) }, tree(path, rel));
    else if (stats.isSymbolicLink()) out[rel] = `link:${readlinkSync(path)}`;
    else out[rel] = `${(stats.mode & 0o7777).toString(8)}:${readFileSync(path).toString('base64')}`;
  }
  return out;
}
