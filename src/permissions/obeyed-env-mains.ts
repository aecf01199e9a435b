// The person's own NODE_OPTIONS (the process environment) follows a bare `--require x`'s package `main` too
// (issue 26, nodereach2 left 2): obeyed-env.ts protects `**/node_modules/x/**` by pattern, but a package x
// installed in the workspace whose package.json `main` points out of its folder (`../../tools/x.js`) makes node
// load that file, and what it imports. Found the way an env file's name is (home-sources-modules.ts) over every
// node_modules of the workspace (obeyed-repos.ts `moduleFolders`); a main out of the work tree obeys the whole
// tree (fail closed, the reason named).
import { relative } from 'node:path';
import { readGitMetadataNoting } from '../git/config-read.js';
import type { EnvLoadGlob } from './obeyed-env.js';
import { moduleMarks } from './home-sources-modules.js';
import { nodeNamed } from './node-options.js';
import { escapeGlob } from '../workspace/hidden-paths.js';

const MAX_BYTES = 256 * 1024;

// `base`: the workspace's real path; `moduleFolders`: its folders holding a node_modules (relative to it).
export function envMainGlobs(base: string, moduleFolders: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): EnvLoadGlob[] {
  const value = env['NODE_OPTIONS'];
  if (value === undefined || value === '') return [];
  const globs: EnvLoadGlob[] = [];
  for (const spec of nodeNamed(value).bare) {
    // A package file node reads but this cannot (padded past the bound, a FIFO: bounds23) obeys the whole tree.
    let unread: string | undefined;
    const marks = moduleMarks(spec, [base], base, moduleFolders, (path) => readGitMetadataNoting(path, MAX_BYTES, (why) => void (unread ??= why)));
    const why = `NODE_OPTIONS requires ${spec}, whose package.json \`main\` makes node load this file`;
    for (const path of marks.paths) {
      const rel = relative(base, path);
      if (rel === '' || rel.startsWith('..') || rel.startsWith('/')) continue;
      // A path, not a pattern: a file named `tools/[ab].js` is that file, not tools/a.js (nodereach2 left 5).
      globs.push({ glob: escapeGlob(rel), why }, { glob: `${escapeGlob(rel)}/**`, why });
    }
    const unknown = marks.why ?? (unread === undefined ? undefined : `NODE_OPTIONS requires ${spec}: ${unread}`);
    if (unknown !== undefined) globs.push({ glob: '**', why: `${unknown}, so codeward cannot know which files of the work tree node loads` });
  }
  return globs;
}
