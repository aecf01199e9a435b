// An env file a runner loads as its programs' environment (just `set dotenv-path`, Taskfile `dotenv:`, red team
// R21-8): obeyed whether it exists or not, and each KEY=VALUE read as an assignment for the programs (the dotenv
// reader and loader table node's `--env-file` uses: home-sources-dotenv.ts, hook-assigned.ts), from `base`.
import { relative } from 'node:path';
import { inside } from './hook-spelling.js';
import { read, type Walk } from './hook-walk.js';
import { dotenvPairs } from './home-sources-dotenv.js';
import { assignedLoads } from './hook-assigned.js';
import { obeyAssigned } from './hook-node-options.js';

export function obeyEnvFile(walk: Walk, path: string, base: string, prefix: string): void {
  if (!inside(walk.top, path)) return;
  walk.files.add(path);
  for (const [key, text] of dotenvPairs(read(walk, path) ?? '')) obeyAssigned(walk, assignedLoads(`${key}=${text}`, base, true), `${prefix} the env file ${relative(walk.top, path)}:`);
}
