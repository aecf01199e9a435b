// What protoc reads besides the files it is given (cargo22 row 5): each `import "x";` (also `import public`, `import
// weak`) names a file by a path looked up in every include folder (`-I`, prost-build's include list), whatever its
// name ends with (protoc parses any file as a .proto), and the files that file imports in turn. protoc also joins
// adjacent string literals and reads escapes (`import "ev" "il";`, `"\x65vil"`): an import spelled another way than
// one plain literal is not understood (the caller fails closed), and so is an import chain past MAX_FILES.
import { isAbsolute, join, resolve } from 'node:path';

const MAX_FILES = 256;
const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const PLAIN = /^import\s+(?:(?:public|weak)\s+)?(?:"([^"\\\n]*)"|'([^'\\\n]*)')\s*;/;

export interface ProtocReads {
  readonly files: string[];
  unknown?: string;
}

// The files protoc reads for `protos` (as a build script in `dir` names them; a relative name is also looked up in
// each include folder, as protoc does) with the include folders `folders` (absolute); `read` gives a work-tree file's text.
export function protocReads(dir: string, protos: readonly string[], folders: readonly string[], read: (path: string) => string | undefined): ProtocReads {
  const out: ProtocReads = { files: [] };
  const queue = [...protos.map((proto) => resolve(dir, proto)), ...protos.filter((proto) => !isAbsolute(proto)).flatMap((proto) => folders.map((folder) => join(folder, proto)))];
  const seen = new Set<string>();
  for (let at = 0; at < queue.length && out.unknown === undefined; at++) {
    const file = queue[at]!;
    if (seen.has(file)) continue;
    seen.add(file);
    out.files.push(file);
    if (seen.size > MAX_FILES) out.unknown = `more than ${MAX_FILES} files imported by the .proto files`;
    const text = read(file)?.replace(COMMENTS, ' ');
    // An `import` statement (at the file's start or after another statement; a field named `import` is a type's word).
    for (const found of text?.matchAll(/(?:^|[;{}])\s*(?=import\b)/g) ?? []) {
      const start = found.index + found[0].length;
      const plain = PLAIN.exec(text!.slice(start));
      if (plain === null) {
        out.unknown ??= `${text!.slice(start, start + 60).split('\n')[0]} (an import protoc reads that codeward cannot)`;
        continue;
      }
      const name = plain[1] ?? plain[2]!;
      queue.push(...folders.map((folder) => join(folder, name)));
    }
  }
  return out;
}
