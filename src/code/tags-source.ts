// The grammars' tags queries as codeward compiles them: without their doc-comment captures. Several
// tags.scm files (JavaScript, Go, Ruby) put `(comment)* @doc .` before a definition, with #strip! and
// #select-adjacent!/#set-adjacent! directives on @doc, for tools that show a definition's comment. Nothing
// here reads @doc (outline.ts reads @name, @definition.* and @reference.*), and the repetition is the
// costliest part of compiling the query: the TypeScript tags query (JavaScript's and its own) took ~85 ms
// of CPU to compile in a CLI call (Liftoff-only wasm), ~52 ms without it, paid by every process that parses
// a JavaScript or TypeScript file (a one-changed-file repo map, a cold outline). The definitions and
// references found are the same (the comments are an optional sibling before the definition: with none,
// the pattern matches the definition alone; test/code/tags-source.test.ts compares them on real files).
const DOC_PREFIX = /\(comment\)\*\s*@doc\s*\.\s*/g;
// A directive naming @doc: `(#strip! @doc "regex")`, `(#select-adjacent! @doc @definition.method)`.
const DOC_DIRECTIVE = /\s*\(#[\w-]+!\s+@doc(?:\s+(?:"(?:[^"\\]|\\.)*"|@[\w.]+))*\s*\)/g;

export function withoutDocCaptures(source: string): string {
  return source.replace(DOC_PREFIX, '').replace(DOC_DIRECTIVE, '');
}
