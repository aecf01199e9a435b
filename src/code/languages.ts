// The languages codeward reads as code: each grammar is a tree-sitter-<lang> npm package that ships its
// parser as WebAssembly (no native build, nothing to install) and its tags query (queries/tags.scm: which
// nodes define and reference names). Paths are package-relative; CodeParsers resolves them.
import path from 'node:path';

export type LanguageId =
  | 'javascript' | 'typescript' | 'tsx' | 'python' | 'go' | 'rust'
  | 'java' | 'c' | 'cpp' | 'csharp' | 'ruby' | 'php';

export interface LanguageSpec {
  readonly id: LanguageId;
  // File name endings, lower case, with the dot.
  readonly extensions: readonly string[];
  // The grammar's .wasm file, as a package-relative module path.
  readonly wasm: string;
  // Tags queries joined in this order (TypeScript's grammar extends JavaScript's, so it takes both).
  readonly tags: readonly string[];
}

const JS_TAGS = 'tree-sitter-javascript/queries/tags.scm';
const TS_TAGS = 'tree-sitter-typescript/queries/tags.scm';

export const LANGUAGES: readonly LanguageSpec[] = [
  { id: 'javascript', extensions: ['.js', '.mjs', '.cjs', '.jsx'], wasm: 'tree-sitter-javascript/tree-sitter-javascript.wasm', tags: [JS_TAGS] },
  { id: 'typescript', extensions: ['.ts', '.mts', '.cts'], wasm: 'tree-sitter-typescript/tree-sitter-typescript.wasm', tags: [JS_TAGS, TS_TAGS] },
  { id: 'tsx', extensions: ['.tsx'], wasm: 'tree-sitter-typescript/tree-sitter-tsx.wasm', tags: [JS_TAGS, TS_TAGS] },
  { id: 'python', extensions: ['.py', '.pyi'], wasm: 'tree-sitter-python/tree-sitter-python.wasm', tags: ['tree-sitter-python/queries/tags.scm'] },
  { id: 'go', extensions: ['.go'], wasm: 'tree-sitter-go/tree-sitter-go.wasm', tags: ['tree-sitter-go/queries/tags.scm'] },
  { id: 'rust', extensions: ['.rs'], wasm: 'tree-sitter-rust/tree-sitter-rust.wasm', tags: ['tree-sitter-rust/queries/tags.scm'] },
  { id: 'java', extensions: ['.java'], wasm: 'tree-sitter-java/tree-sitter-java.wasm', tags: ['tree-sitter-java/queries/tags.scm'] },
  { id: 'c', extensions: ['.c', '.h'], wasm: 'tree-sitter-c/tree-sitter-c.wasm', tags: ['tree-sitter-c/queries/tags.scm'] },
  { id: 'cpp', extensions: ['.cc', '.cpp', '.cxx', '.c++', '.hh', '.hpp', '.hxx', '.h++'], wasm: 'tree-sitter-cpp/tree-sitter-cpp.wasm', tags: ['tree-sitter-cpp/queries/tags.scm'] },
  { id: 'csharp', extensions: ['.cs'], wasm: 'tree-sitter-c-sharp/tree-sitter-c_sharp.wasm', tags: ['tree-sitter-c-sharp/queries/tags.scm'] },
  { id: 'ruby', extensions: ['.rb', '.rake', '.gemspec'], wasm: 'tree-sitter-ruby/tree-sitter-ruby.wasm', tags: ['tree-sitter-ruby/queries/tags.scm'] },
  { id: 'php', extensions: ['.php'], wasm: 'tree-sitter-php/tree-sitter-php.wasm', tags: ['tree-sitter-php/queries/tags.scm'] },
];

// The language of a file by its name's ending; undefined: not code codeward parses.
export function languageOf(file: string): LanguageSpec | undefined {
  const ext = path.extname(file).toLowerCase();
  if (ext === '') return undefined;
  return LANGUAGES.find((language) => language.extensions.includes(ext));
}

export function languageById(id: string): LanguageSpec | undefined {
  return LANGUAGES.find((language) => language.id === id);
}
