// Inline programs (`python3 -c`, `node -e`, `perl -e`, `ruby -e`, `php -r`, awk, here-documents fed to
// an interpreter) that delete or overwrite a catastrophic path through the language's own file API:
// `shutil.rmtree(os.path.expanduser('~'))`, `fs.rmSync(os.homedir(), {recursive: true})`,
// `rmtree $ENV{HOME}`, `FileUtils.rm_rf(Dir.home)`, `open('/etc/passwd', 'w')`, awk `print > "/etc/x"`.
// (Shell commands the code spawns are parsed as commands by the parser and judged by the other rules.)
import { catastrophicPath, isBlockDevice, isCriticalFile, systemWriteArea, type PathContext } from './danger-paths.js';
import type { Hit } from './danger-types.js';
import { HOME_MARK, callSites, markHome, splitArgs, tokenize, type InlineProgram, type Token } from './parse-inline.js';

// The path an argument expression names, when it is built from literals and the home directory only
// as far as we can tell: `'~'`, `os.homedir()`, `Path.home() / 'x'`, `` `${os.homedir()}/x` ``.
function pathOf(arg: readonly Token[] | undefined): string | undefined {
  if (!arg) return undefined;
  const pieces: string[] = [];
  let joins = false;
  for (const token of arg) {
    if (token.kind === 'code') {
      if (/\bjoin\b|\s\/\s|\/\s*$|^\s*\//.test(token.text)) joins = true;
      for (const _ of token.text.matchAll(/\uE000/g)) pieces.push('~');
      continue;
    }
    if (token.words) pieces.push(...token.value.split(/\s+/).filter(Boolean));
    else pieces.push(token.value.replace(/\$?\{\s*\uE000\s*\}|#\{\s*\uE000\s*\}/g, '~').replaceAll(HOME_MARK, '~'));
  }
  if (pieces.length === 0) return undefined;
  return joins ? pieces.join('/').replace(/\/{2,}/g, '/') : pieces.join('');
}

const DELETE_APIS =
  /\b(?:shutil\s*\.\s*)?rmtree\b|\bos\s*\.\s*(?:remove|unlink|rmdir|removedirs)\b|\bsend2trash\b|\b(?:rmSync|rmdirSync|unlinkSync|removeSync|emptyDirSync|emptyDir|rimraf|rimrafSync|remove_tree|rm_rf|rm_r|rm_f|remove_dir|remove_entry(?:_secure)?)\b|\b(?:fs|fsp|promises|fse|fsExtra|FileUtils|File|Dir|Deno)\s*\.\s*(?:rm|rmdir|unlink|remove|delete)\b|\b(?:rm|rmdir|unlink)\s*(?=\()|\bunlink\b|\bfile\s*\.\s*remove\b/;

// APIs that write their first argument (or, for copy/rename, their second).
const WRITE_FIRST =
  /\b(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream|truncateSync|writeTextFile|file_put_contents)\s*(?=\()|\bos\s*\.\s*truncate\s*(?=\()|\bBun\s*\.\s*write\s*(?=\()|\b(?:File|IO)\s*\.\s*(?:write|binwrite)\b/;
const WRITE_SECOND = /\b(?:copyFileSync|copyFile|renameSync|rename|cpSync|copy|copy2|copyfile|move|replace|mv|cp|symlinkSync|linkSync)\s*(?=\()|\bFileUtils\s*\.\s*(?:cp|mv|copy|move|install|ln_sf?)\b/;
// `open(P, 'w')`, `File.open(P, 'w')`, `fopen(P, 'w')`, `io.open(P, 'w')`.
const OPEN_MODE = /(?<![\w.$])(?:open|fopen|(?:io|File|codecs)\s*\.\s*open)\s*(?=\()/;
// Methods on a path object: `Path.home().rmdir()`, `Pathname(x).rmtree`, `Path(p).write_text(...)`.
const PATH_METHOD = /\.\s*(rmtree|unlink|rmdir|write_text|write_bytes|rmSync|delete)\b/;

function deletes(path: string | undefined, context: PathContext): string | undefined {
  if (path === undefined) return undefined;
  if (isCriticalFile(path)) return `deletes the system file ${path}`;
  const hit = catastrophicPath(path, context, true);
  return hit ? `deletes ${hit.description}` : undefined;
}

function overwrites(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  if (isBlockDevice(path)) return `writes to the device ${path}`;
  if (isCriticalFile(path)) return `replaces the system file ${path}`;
  const area = systemWriteArea(path);
  return area ? `writes into ${area}` : undefined;
}

const firstString = (arg: readonly Token[] | undefined): string | undefined => arg?.find((token) => token.kind === 'string')?.value;

// The receiver of a `.rmtree()`-style method: the literals and home marks of its statement.
function receiverPath(tokens: readonly Token[], index: number, offset: number): string | undefined {
  const before: Token[] = [];
  const head = (tokens[index] as { text: string }).text.slice(0, offset);
  const cut = Math.max(head.lastIndexOf(';'), head.lastIndexOf('\n'));
  before.unshift({ kind: 'code', text: head.slice(cut + 1) });
  for (let i = index - 1; i >= 0 && cut < 0; i--) {
    const token = tokens[i]!;
    if (token.kind === 'code') {
      const stop = Math.max(token.text.lastIndexOf(';'), token.text.lastIndexOf('\n'));
      before.unshift({ kind: 'code', text: token.text.slice(stop + 1) });
      if (stop >= 0) break;
    } else before.unshift(token);
  }
  return pathOf(before);
}

function perlOpen(args: Token[][]): string | undefined {
  const mode = firstString(args[1]);
  if (mode === undefined) return undefined;
  if (/^\s*(?:\+?>>?|\+<)\s*$/.test(mode)) return pathOf(args[2]);
  const attached = /^\s*\+?>>?\s*(.+)$/.exec(mode);
  return attached ? attached[1]!.trim() : undefined;
}

export function inlineFileHit(name: string, program: InlineProgram, context: PathContext): Hit | undefined {
  const tokens = tokenize(markHome(program.code), program.language);
  const found = (what: string | undefined): Hit | undefined => (what ? { rule: 'inline-code-destructive', reason: `${name} inline code that ${what}` } : undefined);
  // One pass over the code first: most programs call none of these APIs.
  const code = tokens.map((token) => (token.kind === 'code' ? token.text : '""')).join('');
  const awkWrite = program.language === 'awk' && />/.test(code);
  if (!awkWrite && ![DELETE_APIS, WRITE_FIRST, WRITE_SECOND, OPEN_MODE, PATH_METHOD].some((api) => api.test(code))) return undefined;
  for (const site of callSites(tokens, DELETE_APIS)) {
    const hit = found(deletes(pathOf(splitArgs(site.args)[0]), context));
    if (hit) return hit;
  }
  for (const site of callSites(tokens, WRITE_FIRST)) {
    const hit = found(overwrites(pathOf(splitArgs(site.args)[0])));
    if (hit) return hit;
  }
  for (const site of callSites(tokens, WRITE_SECOND)) {
    const hit = found(overwrites(pathOf(splitArgs(site.args)[1])));
    if (hit) return hit;
  }
  for (const site of callSites(tokens, OPEN_MODE)) {
    const args = splitArgs(site.args);
    const target = program.language === 'perl' ? perlOpen(args) : /[wax+]/.test(firstString(args[1]) ?? '') || /O_(?:WRONLY|RDWR|TRUNC|CREAT)/.test(JSON.stringify(args[1] ?? [])) ? pathOf(args[0]) : undefined;
    const hit = found(overwrites(target));
    if (hit) return hit;
  }
  const methods = new RegExp(PATH_METHOD.source, 'g');
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'code') continue;
    for (const match of token.text.matchAll(methods)) {
      const path = receiverPath(tokens, i, match.index);
      const hit = found(/^write/.test(match[1]!) ? overwrites(path) : deletes(path, context));
      if (hit) return hit;
    }
    // awk `print > "/etc/passwd"`, perl `print F ...` aside.
    const next = tokens[i + 1];
    if (program.language === 'awk' && next?.kind === 'string' && /(?:^|[^>|])>>?\s*$/.test(token.text) && /\bprint/.test(token.text)) {
      const hit = found(overwrites(next.value));
      if (hit) return hit;
    }
  }
  return undefined;
}

// Does the program delete files at all (any delete API), or open files for writing? (find -exec python3 -c ...)
export function programDeletes(program: InlineProgram): boolean {
  const tokens = tokenize(markHome(program.code), program.language);
  return callSites(tokens, DELETE_APIS).length > 0 || callSites(tokens, WRITE_FIRST).length > 0;
}
