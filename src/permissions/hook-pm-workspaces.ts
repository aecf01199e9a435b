import { join, resolve } from 'node:path';
import { readGitMetadataOr } from '../git/config-read.js';
import { npmIni } from '../engine/npm-ini.js';

// Where npm reads `workspaces` besides its line and the hook file's own text (pm22 LEFT, R21-5 rest): a file the
// hook sources (`. ./tools/env.sh` exporting npm_config_workspaces), the person's environment (npm_config_workspaces
// in any case, which the hook inherits), the project's .npmrc and the user's (`workspaces=true`). `workspace=NAME`
// (one package) is read as every package: more scripts are read, never fewer. The text returned is what
// hook-workspaces.ts fanOuts reads as npm's environment (`npm_config_workspaces=VALUE` lines).

const FALSE = /^(?:false|0|)$/i;
const SOURCED = /(?:^|[\s;&|(])(?:\.|source)\s+["']?([^\s;&|"')]+)/g;

const truthy = (value: string | true): boolean => value === true || !FALSE.test(value.trim());

// The setting as npm's environment line when an .npmrc's text sets it.
function npmrcSays(text: string | undefined): string[] {
  if (text === undefined) return [];
  return npmIni(text).filter(({ section, key, value }) => section === '' && ['workspaces', 'workspace'].includes(key.toLowerCase()) && truthy(value)).map(() => 'npm_config_workspaces=true');
}

// The user's .npmrc (npm_config_userconfig, else ~/.npmrc), read like git's metadata (regular file, size-capped);
// one that cannot be read is read as setting it (fail closed).
function userNpmrc(env: NodeJS.ProcessEnv): string[] {
  const named = Object.keys(env).find((name) => name.toLowerCase() === 'npm_config_userconfig');
  const path = named !== undefined ? env[named] : env['HOME'] === undefined ? undefined : join(env['HOME'], '.npmrc');
  if (path === undefined) return [];
  const got = readGitMetadataOr(path);
  if (got === 'absent') return [];
  return typeof got === 'object' ? npmrcSays(got.text) : ['npm_config_workspaces=true'];
}

export function npmWorkspacesContext(hookText: string, folders: readonly string[], read1: (path: string) => string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(env)) if (/^npm_config_workspaces?$/i.test(name) && value !== undefined && truthy(value)) lines.push('npm_config_workspaces=true');
  for (const folder of folders) lines.push(...npmrcSays(read1(join(folder, '.npmrc'))));
  lines.push(...userNpmrc(env));
  // A file the hook sources, from each folder it may run in (two levels: a sourced file sourcing another).
  let texts = [hookText];
  for (let level = 0; level < 2; level++) {
    texts = texts.flatMap((text) => [...text.matchAll(SOURCED)].flatMap((found) => folders.map((folder) => read1(resolve(folder, found[1]!))).filter((each): each is string => each !== undefined)));
    lines.push(...texts);
  }
  return lines.join('\n');
}
