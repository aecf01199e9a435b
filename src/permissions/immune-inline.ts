import { inlineProgram } from '../shell/parse-inline.js';
import type { SimpleCommand } from '../shell/parse-types.js';

// An interpreter given code as text that deletes a folder tree (`python3 -c "shutil.rmtree('/x')"`, `node -e
// "fs.rmSync(p, {recursive: true})"`, `perl -MFile::Path=rmtree -e ...`) is `rm -r` by another spelling,
// and its target cannot be judged as a plain name in place: it needs a person like rm -r of a path.
const RECURSIVE_DELETE = /\b(?:rmtree|remove_tree|rimraf(?:Sync)?|rm_rf|rm_r|remove_dir_all|emptyDirSync|emptyDir|removeSync|deleteRecursively|deleteDirectory|forceDelete)\b|\b(?:rmSync|rm|rmdirSync|rmdir|remove|rm_rf)\s*\([^)]*\brecursive\b/;

// Held-back spellings of the same class: the options object built apart (`o={recursive:true}; fs.rmSync(p,o)`),
// and a delete call on names a listing gives at run time (`for f in os.listdir('src'): os.remove(f)`,
// `Path('src').rglob('*')` then `.unlink()`, `readdirSync(d).forEach(f => unlinkSync(f))`): find -exec rm.
// perl's unlink and rmdir take no parentheses and default to $_ (red team R45-b8: `finddepth(sub { unlink $_; rmdir
// $_ }, "src")`, `unlink for <$d/*>`): the bare words are deletes too.
const DELETE_CALL = /\b(?:rmSync|rmdirSync|unlinkSync|remove|removedirs|rm|delete|send2trash|trash)\s*\(|\b(?:unlink|rmdir)\b|\.\s*(?:unlink|rmdir|delete)\b/;
const RECURSIVE_OPTION = /\brecursive\b/;
// Listings: also perl's File::Find (finddepth), readdir/opendir and its glob operator `<$d/*>` / `<src/*.o>`, python's
// os.fwalk and node's fs.opendir/opendirSync (R45-b8).
const LISTING = /\b(?:walk|os\.walk|fwalk|glob|iglob|rglob|bsd_glob|listdir|scandir|iterdir|readdirSync|readdir|opendir|opendirSync|globSync|Dir\s*\.\s*(?:glob|children|each_child|entries)|Dir\s*\[|find|finddepth|File::Find|each_child|children|entries|walkdir|WalkDir)\b|<(?![\s=<])[^<>\n]*[*?[{][^<>\n]*>/;

export const INLINE_DELETE = { name: 'inline-recursive-delete', description: 'an interpreter given code that deletes a folder tree (shutil.rmtree, fs.rmSync recursive, File::Path rmtree, FileUtils.rm_rf ...)' } as const;

export function inlineRecursiveDelete(command: SimpleCommand): boolean {
  if (command.name === null) return false;
  const program = inlineProgram(command.name, command.words) ?? (command.stdinProgram !== undefined ? { code: command.stdinProgram } : undefined);
  if (program === undefined) return false;
  return RECURSIVE_DELETE.test(program.code) || (DELETE_CALL.test(program.code) && (RECURSIVE_OPTION.test(program.code) || LISTING.test(program.code)));
}
