import { inlineProgram } from '../shell/parse-inline.js';
import type { SimpleCommand } from '../shell/parse-types.js';

// An interpreter given code as text that deletes a folder tree (`python3 -c "shutil.rmtree('/x')"`, `node -e
// "fs.rmSync(p, {recursive: true})"`, `perl -MFile::Path=rmtree -e ...`) is `rm -r` by another spelling,
// and its target cannot be judged as a plain name in place: it needs a person like rm -r of a path.
const RECURSIVE_DELETE = /\b(?:rmtree|remove_tree|rimraf(?:Sync)?|rm_rf|rm_r|remove_dir_all|emptyDirSync|emptyDir|removeSync|deleteRecursively|deleteDirectory|forceDelete)\b|\b(?:rmSync|rm|rmdirSync|rmdir|remove|rm_rf)\s*\([^)]*\brecursive\b/;

export const INLINE_DELETE = { name: 'inline-recursive-delete', description: 'an interpreter given code that deletes a folder tree (shutil.rmtree, fs.rmSync recursive, File::Path rmtree, FileUtils.rm_rf ...)' } as const;

export function inlineRecursiveDelete(command: SimpleCommand): boolean {
  if (command.name === null) return false;
  const program = inlineProgram(command.name, command.words) ?? (command.stdinProgram !== undefined ? { code: command.stdinProgram } : undefined);
  return program !== undefined && RECURSIVE_DELETE.test(program.code);
}
