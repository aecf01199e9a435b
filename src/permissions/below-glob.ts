// A relative name found from every folder at or below one (cargo's `[env]` values read by build scripts of the
// packages below a configuration, hook-runner-cargo-env.ts; what a pixi activation script sources in a shell run in
// any folder of the project, home-sources.ts): the folder to match below and a picomatch glob relative to it.
import { dirname, normalize } from 'node:path';

// `rel` found from every folder at or below `folder`: the folder to match below and the glob (a leading `..` moves
// the start up: `../x` from any folder below `folder` is some `x` below its parent).
export function belowGlob(folder: string, rel: string): { at: string; glob: string } {
  const parts = normalize(rel).split('/').filter((part) => part !== '' && part !== '.');
  let at = folder;
  while (parts[0] === '..') {
    parts.shift();
    at = dirname(at);
  }
  const rest = parts.map((part) => part.replace(/[\\*?[\]{}()!+@,]/g, '\\$&')).join('/');
  return { at, glob: rest === '' ? '**' : `**/${rest}{,/**}` };
}
