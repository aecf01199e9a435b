// Red team R43-b8 (issue 26): the inline reader's list of spawn APIs (parse-inline.ts SPAWN_APIS) never converges on
// a language's standard library (python's asyncio.create_subprocess_shell, pydoc.pipepager, imaplib.IMAP4_stream,
// timeit of a built string; perl's IPC::Cmd run/run_forked). So an inline program fails closed: one that imports
// (python `import`/`from`, perl `use`/`no`/`require`/`-M`/`-m`) or names (perl `Pkg::sub`, `Pkg->m`) a module outside
// a short list of modules known to have no spawn or code-running API may run other programs. The listed modules'
// spawn spellings are SPAWN_APIS's (os.system, POSIX's system, IO::File's pipe opens); python's os is listed because
// any mention of one of its spawn names, called or not (`f = os.system`), counts as a spawn.
import type { WordLike } from './parse-wrappers.js';

export const PYTHON_SAFE: ReadonlySet<string> = new Set([
  'json', 'sys', 're', 'math', 'cmath', 'collections', 'collections.abc', 'itertools', 'functools', 'string', 'textwrap', 'os', 'os.path',
  'posixpath', 'pathlib', 'datetime', 'time', 'calendar', 'random', 'statistics', 'decimal', 'fractions', 'hashlib', 'hmac', 'base64',
  'binascii', 'struct', 'uuid', 'csv', 'io', 'typing', 'dataclasses', 'enum', 'pprint', 'glob', 'fnmatch', 'shutil', 'tempfile', 'heapq',
  'bisect', 'copy', 'array', 'unicodedata', 'zlib', 'gzip', 'bz2', 'lzma', 'zipfile', 'tarfile', 'argparse', 'shlex', 'errno', 'stat',
  'secrets', 'html', 'urllib.parse', 'difflib', 'locale', 'keyword', 'codecs', 'configparser', 'xml.etree.ElementTree', 'xml.dom.minidom',
  'ast', 'tokenize', 'inspect', 'traceback', 'warnings', 'contextlib', 'abc', 'numbers', 'signal', 'socket', 'select', 'getpass', 'platform',
]);
// os's spawn names (and fork, which with an exec runs anything): a mention, not only a call, is a spawn.
export const PYTHON_OS_SPAWN = /\b(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?|startfile|fork|forkpty)\b/;

const PERL_SAFE: ReadonlySet<string> = new Set([
  'strict', 'warnings', 'utf8', 'feature', 'constant', 'integer', 'bytes', 'vars', 'open', 'locale', 'English', 'Carp', 'Fcntl', 'POSIX',
  'List::Util', 'Scalar::Util', 'Data::Dumper', 'JSON::PP', 'File::Basename', 'File::Spec', 'File::Spec::Functions', 'File::Path',
  'File::Copy', 'File::Find', 'File::Temp', 'File::stat', 'File::Compare', 'Cwd', 'Getopt::Long', 'Getopt::Std', 'Time::HiRes', 'Time::Local',
  'Time::Piece', 'Digest::MD5', 'Digest::SHA', 'MIME::Base64', 'Encode', 'Text::Wrap', 'Text::Abbrev', 'Term::ANSIColor', 'Math::BigInt',
  'Math::BigFloat', 'Math::Trig', 'Sys::Hostname', 'Unicode::Normalize', 'IO::File', 'IO::Handle', 'FileHandle', 'IO::Pipe',
  // Not modules: perl's own name spaces (`CORE::say`, `utf8::encode`, `$main::x`, `SUPER::new`).
  'CORE', 'CORE::GLOBAL', 'main', 'SUPER', 'builtin', 'Internals', 'UNIVERSAL', 're', 'mro', 'version',
]);

// The modules perl loads from its command line (`-MIPC::Cmd=run`, `-wMstrict`, `-M-warnings`, `-mPOSIX`).
export function perlLineModules(words: readonly WordLike[]): string[] {
  const modules: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const value = words[i]!.value;
    if (value === '--' || !value.startsWith('-')) break;
    if (/^-[a-zA-Z]*[eEI]$/.test(value)) i++;
    const found = /^-[acfnpsStTuUvwWXhl0-9]*[Mm]-?([\w:]+)/.exec(value);
    if (found !== null) modules.push(found[1]!);
  }
  return modules;
}

// Whether the code (strings blanked: `code`) loads or names a module outside the short list.
export function loadsUnlistedModule(language: string, code: string, lineModules: readonly string[] = []): boolean {
  if (language === 'python') return pythonUnlisted(code);
  if (language === 'perl') return lineModules.some((name) => !PERL_SAFE.has(name)) || perlUnlisted(code);
  return false;
}

function pythonUnlisted(code: string): boolean {
  let os = false;
  for (const match of code.matchAll(/\bfrom\s+([\w.]*)\s+import\b|\bimport\s+([^;\n#]+)/g)) {
    const names = match[1] !== undefined ? [match[1]] : match[2]!.replace(/[()]/g, '').split(',').map((part) => part.trim().split(/\s+/)[0] ?? '');
    for (const name of names) {
      if (!PYTHON_SAFE.has(name)) return true;
      if (name === 'os' || name === 'os.path') os = true;
    }
  }
  return os && PYTHON_OS_SPAWN.test(code);
}

function perlUnlisted(code: string): boolean {
  for (const match of code.matchAll(/(?<![\w$@%&>:])(?:use|no|require)\s+([A-Za-z_][\w:]*)/g)) if (!PERL_SAFE.has(match[1]!)) return true;
  // A qualified name (`IPC::Cmd::run(`, `$Data::Dumper::Indent`, `File::Spec->catfile`): its package or itself listed.
  for (const match of code.matchAll(/(?<![\w:])([A-Za-z_]\w*(?:::\w+)+)(?![\w:])/g)) {
    const name = match[1]!;
    if (!PERL_SAFE.has(name) && !PERL_SAFE.has(name.slice(0, name.lastIndexOf('::')))) return true;
  }
  return false;
}
