import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readGitMetadata } from '../git/config-read.js';

// npm (and pnpm, which reads the same files) takes `global=true` or `location=global` from a project's `.npmrc`
// as if given on the line (checked with npm 11: a workspace `.npmrc` `global=true` makes `npm i x` install into
// the global folder). A repository that ships one turns every later `npm i x` into a global install, so with no
// OS sandbox the `.npmrc` of every folder the line runs in and of each folder above it (npm takes the project's
// from the nearest package.json; the user's own is ~/.npmrc) is read: one that sets either, or that cannot be
// read, or sets it from a variable, means the install is not proven inside. Read like git's metadata
// (config-read.ts: regular file, non-blocking, size-capped), never shown.

const MAX_FILES = 64;

function setsGlobal(text: string): string | undefined {
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([^=;#\s][^=]*?)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    const key = match[1]!.toLowerCase();
    const value = match[2]!.replace(/^(["'])(.*)\1$/, '$2').toLowerCase();
    if ((key === 'global' && !/^(?:false|0|)$/.test(value)) || (key === 'location' && value !== 'project' && value !== 'user')) return `${match[1]}=${match[2]}`;
  }
  return undefined;
}

// The `.npmrc` and its line that makes npm install globally, undefined when none does.
export function npmrcGlobal(folders: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const start of folders) {
    for (let folder = start; !seen.has(folder) && seen.size < MAX_FILES; folder = dirname(folder)) {
      seen.add(folder);
      const file = join(folder, '.npmrc');
      if (existsSync(file)) {
        const text = readGitMetadata(file);
        const line = text === undefined ? '(not readable)' : setsGlobal(text);
        if (line !== undefined) return `${file} ${line}`;
      }
      if (dirname(folder) === folder) break;
    }
  }
  return undefined;
}
