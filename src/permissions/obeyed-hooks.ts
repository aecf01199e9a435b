// What an active git hook runs (red team R8-6, CRITICAL): the hooks are protected, but a hook that delegates
// (`exec ./scripts/pre-commit.sh`, husky's `.husky/pre-commit` saying `npm test`, `make check`) ran a project
// file the file tools wrote unasked, outside any sandbox, at the person's next commit. Each executable hook of
// the effective hooks folder (core.hooksPath, else the git folder's hooks/; husky's `.husky/_` runs
// `.husky/<hook>` too) is read as a shell script: a word naming an existing file of the work tree is obeyed (and
// read the same way, a few levels deep), and a task runner it starts obeys its task file (npm/yarn/pnpm/bun/npx
// -> package.json, make -> Makefile ...). Read through the git-metadata reader (regular files, size-capped):
// the text is only judged, never shown. Not followed: what a test runner then loads (every test file).
import { statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { readGitMetadata } from '../git/config-read.js';
import { commandWords, shellWords } from '../git/config-command.js';
import { huskyParent } from '../git/config-path.js';

// A task runner's name -> the files at the work tree's top that say what it runs.
const RUNNERS: Readonly<Record<string, readonly string[]>> = {
  npm: ['package.json'], npx: ['package.json'], yarn: ['package.json'], pnpm: ['package.json'], bun: ['package.json'],
  make: ['Makefile', 'makefile', 'GNUmakefile'], just: ['justfile', 'Justfile', '.justfile'], task: ['Taskfile.yml', 'Taskfile.yaml'],
  composer: ['composer.json'], rake: ['Rakefile'], gradle: ['build.gradle', 'build.gradle.kts'], mvn: ['pom.xml'],
  tox: ['tox.ini'], nox: ['noxfile.py'], invoke: ['tasks.py'], poetry: ['pyproject.toml'], uv: ['pyproject.toml'],
  cargo: ['Cargo.toml', '.cargo/config.toml'], deno: ['deno.json', 'deno.jsonc'], commitlint: ['commitlint.config.js', 'commitlint.config.ts', '.commitlintrc.js', '.commitlintrc.json', '.commitlintrc.yml'],
};
const MAX_SCRIPTS = 32;
const MAX_DEPTH = 3;
const MAX_BYTES = 256 * 1024;

function stats(path: string): { file: boolean; executable: boolean } | undefined {
  try {
    const found = statSync(path);
    return { file: found.isFile(), executable: (found.mode & 0o111) !== 0 };
  } catch {
    return undefined;
  }
}

// Files reached from the hooks of `dirs` (absolute), and every file and folder looked at (for the cache).
export function hookReached(dirs: readonly string[], top: string, names: readonly string[]): { files: string[]; sources: string[] } {
  const files = new Set<string>();
  const sources: string[] = [];
  const queue: { path: string; depth: number }[] = [];
  for (const dir of dirs) {
    // Looked at even when missing: a hooks folder made later changes its stamp (obeyed-context.ts's cache).
    sources.push(dir);
    if (stats(dir) === undefined) continue;
    const husky = huskyParent(dir);
    if (husky) sources.push(husky);
    for (const name of names) {
      const hook = join(dir, name);
      if (stats(hook)?.executable === true) queue.push({ path: hook, depth: 0 });
      // husky's generic hook sources `.husky/<name>` with sh, executable or not.
      if (husky && stats(join(husky, name))?.file === true) queue.push({ path: join(husky, name), depth: 1 });
    }
  }
  const seen = new Set<string>();
  for (let at = 0; at < queue.length && seen.size < MAX_SCRIPTS; at++) {
    const { path, depth } = queue[at]!;
    if (seen.has(path)) continue;
    seen.add(path);
    const text = readGitMetadata(path, MAX_BYTES);
    if (text === undefined) continue;
    sources.push(path);
    for (const line of text.split('\n')) {
      const command = line.replace(/^\s*#.*$/, '');
      for (const word of shellWords(command)) for (const file of RUNNERS[basename(word)] ?? []) files.add(resolve(top, file));
      for (const word of commandWords(command)) {
        const target = resolve(top, word);
        if (word.startsWith('-') || stats(target)?.file !== true) continue;
        files.add(target);
        if (depth < MAX_DEPTH) queue.push({ path: target, depth: depth + 1 });
      }
    }
  }
  return { files: [...files], sources: [...new Set(sources)] };
}
