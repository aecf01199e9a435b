import { dirname, join } from 'node:path';
import { parseGitConfigFile } from './config-file.js';
import { expandGitPath, kernelPath } from './config-path.js';
import { readGitMetadata } from './config-read.js';

const MAX_DEPTH = 10;

// The files a repository's config makes git read: `.git/config`, `.git/config.worktree` and every file
// their include.path / includeIf.*.path name, recursively (as git resolves them: relative to the including
// file, `~` the home). Red team round 9, R9-14: a credential moved into an included file (`.git/creds`,
// a work-tree `cfgs/extra.gitconfig`) was an ordinary file to read and search.
export function repositoryConfigFiles(root: string, home: string | undefined): string[] {
  const seen = new Set<string>();
  const visit = (file: string, depth: number): void => {
    if (seen.has(file) || depth > MAX_DEPTH) return;
    seen.add(file);
    const text = readGitMetadata(file);
    if (text === undefined) return;
    for (const entry of parseGitConfigFile(text).entries) {
      if ((entry.section !== 'include' && entry.section !== 'includeif') || entry.key !== 'path') continue;
      const included = expandGitPath(entry.value ?? '', dirname(file), home);
      if (included) visit(kernelPath(included), depth + 1);
    }
  };
  for (const name of ['config', 'config.worktree']) visit(kernelPath(join(root, '.git', name)), 0);
  return [...seen];
}
