// The words node-package-computed.ts and node-package-taint.ts share: the process object's harmless fields, the global
// object, a path function relative to the working folder, a climbing part, and the small readers of a file's code.

// The process object's fields that name no folder nor value of the caller (`process.platform`).
export const HARMLESS = 'platform|arch|versions?|release|pid|ppid|hrtime|nextTick|emitWarning|exitCode|exit|on|once|off|stdout|stderr|stdin|execPath|features|title|memoryUsage|uptime|umask|cpuUsage|resourceUsage|getuid|geteuid|emit|listeners|listenerCount|type|noDeprecation|throwDeprecation|traceDeprecation';
export const NOT_HARMLESS = `(?!\\s*(?:\\?\\.|\\.)\\s*(?:${HARMLESS})\\b)`;
// The global object, its `process`, or a computed member of it (`globalThis.Symbol` is not the process object).
export const GLOBAL = `(?:globalThis|global)(?![\\w$])(?:\\s*(?:\\?\\.|\\.)\\s*process\\b|\\s*\\[(?!\\s*['"\`][^'"\`]*['"\`]\\s*\\])[^\\]]*\\]|\\s*\\[\\s*['"\`]process['"\`]\\s*\\]|(?!\\s*(?:\\?\\.|\\.|\\[)))`;
// A path function given a relative literal: its base is the working folder (`path.resolve("tools/y")`,
// `realpathSync(".")`, `pathToFileURL("tools/y.js")`; `require.resolve("./x")` is the file's own).
// `require.resolve("./x", { paths: ["."] })` looks from the folders it is given.
export const RELATIVE_CALL = /(?<!(?:require|import\s*\.\s*meta)\s*\.\s*)\b(?:resolve|realpath(?:Sync)?|pathToFileURL|createRequire)\s*\(\s*['"`](?![/\\]|[a-z]+:)|\bresolve\s*\(\s*['"`]\.\.?\/[^()]*\bpaths\s*:/;
// The process object (but its harmless fields), the global object, the `process` module, the working folder's
// variables, the main module and the caller.
export const PROCESS = `(?<![.\\w$])process${NOT_HARMLESS}(?![\\w$])|(?<![.\\w$])${GLOBAL}|['"\`](?:node:)?process['"\`]|\\bINIT_CWD\\b|\\bPWD\\b|\\brequire\\.main\\b|\\bmainModule\\b|\\bmodule\\s*\\.\\s*parents?\\b`;
// A `..` part: climbs out of the folder a literal start names.
export const CLIMBS = /(?:^|[/'"`\s(,+])\.\.(?:[/\\'"`]|$)/;

const NAME = /[A-Za-z_$][\w$]*/g;
// `text` without the texts of its string literals (a template keeps its `${...}` parts).
export const codeOnly = (text: string): string =>
  text.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''").replace(/`([^`]*)`/g, (_all, body: string) => [...body.matchAll(/\$\{([^}]*)\}/g)].map((part) => part[1]).join(' '));
export const words = (pattern: string): string[] => [...pattern.matchAll(NAME)].map((found) => found[0]);
export const escape = (name: string): string => name.replace(/\$/g, '\\$');

// The value bound at `at`: up to a `;`, `,` or line end outside brackets, or a closing bracket of the binding's own
// (300 characters at most).
export function valueAt(code: string, at: number, stops = ';,\n'): string {
  let depth = 0;
  const end = Math.min(code.length, at + 300);
  for (let i = at; i < end; i++) {
    const c = code[i]!;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth < 0) return code.slice(at, i);
    } else if (depth === 0 && stops.includes(c) && (c !== '\n' || code.slice(at, i).trim() !== '')) return code.slice(at, i);
  }
  return code.slice(at, end);
}

// The names a pattern binds, but a destructured harmless field (`const { platform } = process`).
export const bound = (pattern: string): string[] =>
  pattern.startsWith('{')
    ? pattern.slice(1, -1).split(',').flatMap((entry) => {
        const [key, ...rest] = entry.split(':');
        return new RegExp(`^\\s*(?:${HARMLESS})\\s*$`).test(key!) ? [] : words((rest.length > 0 ? rest.join(':') : key!).split('=')[0]!);
      })
    : words(pattern);
