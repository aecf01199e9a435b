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

const QUOTE_MAP: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2033': '"',
  '\u00AB': '<<',
  '\u00BB': '>>',
};

const QUOTE_PATTERN = /[\u2018\u2019\u2032\u201C\u201D\u2033\u00AB\u00BB]/g;

// Whether typographic quotes in this file would be bugs (code) rather than intended typography (prose).
// As in ChatCLI, an empty path counts as code.
export function isCodeFile(path: string): boolean {
  if (path === '') return true;
  const base = basename(path).toLowerCase();
  // Go's filepath.Ext, not Node's extname: '.env' has the extension '.env'.
  const dot = base.lastIndexOf('.');
  const ext = dot === -1 ? '' : base.slice(dot);
  return CODE_EXTENSIONS.has(ext) || CODE_BASENAMES.has(base);
}

// Replaces the eight typographic quote characters with their ASCII forms; everything else is untouched.
export function normalizeQuotes(text: string): { text: string; replaced: number } {
  let replaced = 0;
  const out = text.replace(QUOTE_PATTERN, (char) => {
    replaced++;
    return QUOTE_MAP[char] ?? char;
  });
  return { text: out, replaced };
}
