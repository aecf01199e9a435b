import { basename } from 'node:path';

// ChatCLI's code-file extensions (cli/agent/quote_normalizer.go), lower case.
const CODE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.go', '.py', '.js', '.ts', '.jsx', '.tsx', '.java', '.c', '.cpp', '.h', '.hpp', '.rs', '.rb', '.php',
  '.swift', '.kt', '.scala', '.cs', '.r', '.m', '.mm', '.sh', '.bash', '.zsh', '.fish', '.sql', '.json',
  '.yaml', '.yml', '.toml', '.xml', '.html', '.css', '.scss', '.less', '.lua', '.pl', '.pm', '.ex', '.exs',
  '.erl', '.hrl', '.hs', '.elm', '.clj', '.lisp', '.el', '.vim', '.conf', '.ini', '.env', '.dockerfile',
  '.tf', '.hcl', '.proto', '.graphql', '.gql', '.makefile', '.cmake', '.gradle',
]);

// Extension-less (or dot-file) names that are code too, lower case.
const CODE_BASENAMES: ReadonlySet<string> = new Set([
  'makefile', 'dockerfile', 'jenkinsfile', 'vagrantfile', 'gemfile', 'rakefile', 'guardfile', 'procfile',
  '.gitignore', '.dockerignore', '.eslintrc', '.prettierrc',
]);

const QUOTE_PATTERN = /[\u2018\u2019\u2032\u201C\u201D\u2033\u00AB\u00BB]/g;

// Whether typographic quotes in this file may be a model's slip (code) rather than intended typography (prose).
// As in ChatCLI, an empty path counts as code.
export function isCodeFile(path: string): boolean {
  if (path === '') return true;
  const base = basename(path).toLowerCase();
  // Go's filepath.Ext, not Node's extname: '.env' has the extension '.env'.
  const dot = base.lastIndexOf('.');
  const ext = dot === -1 ? '' : base.slice(dot);
  return CODE_EXTENSIONS.has(ext) || CODE_BASENAMES.has(base);
}

// The typographic quote characters (‘ ’ ′ “ ” ″ « ») in a text: how many, and the text around the first
// (up to 20 characters either side, on its line). Only counted, never replaced: a written text keeps
// every byte (issue 28: a rewrite turned `"Say “hello”"` into invalid JSON and `'Don’t panic'` into a
// JavaScript syntax error).
export function typographicQuotes(text: string): { count: number; near: string } {
  const first = text.search(QUOTE_PATTERN);
  if (first === -1) return { count: 0, near: '' };
  const lineStart = text.lastIndexOf('\n', first) + 1;
  const lineEnd = text.indexOf('\n', first) === -1 ? text.length : text.indexOf('\n', first);
  const near = text.slice(Math.max(lineStart, first - 20), Math.min(lineEnd, first + 21)).trim();
  return { count: text.match(QUOTE_PATTERN)!.length, near };
}
