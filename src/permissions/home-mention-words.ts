// The workspace named in a home file's own language (red team R24-3): the literal spellings of home-mentions.ts
// (`/abs/ws/`, `~/ws/`, `$HOME/ws/` ...) miss a path a program builds from parts, as python's
// `os.path.join(os.path.expanduser("~"), "proj", "tools", "x.py")` or `Path.home() / "proj" / "tools"`, a shell's
// `"$HOME"/proj/x`, `${HOME:-/x}/proj/x`, `$HOME/./proj/x`, `~//proj/x`, `$XDG_CONFIG_HOME/../proj/x`, or a path
// continued with `\` at a line's end. What a language builds is past any reader, so this is the class, fail closed:
// the workspace's path below the home (`proj`; `work` then `proj` for ~/work/proj), its parts as words in order
// (each after a `/` or a quote, joined by `/` or by a quote, a `,`, `/` or `+`, and a quote), followed by something
// below it, is a mention of the workspace tree (the whole tree: which file is unknown). A `\` + newline may stand
// anywhere in a part. The workspace's folder named alone (`"/home/u/proj": {` in ~/.claude.json, a rustup
// override) still names nothing (home-mentions.ts: a program is told to run a file below it).
// Friction (a common folder name: ~/app, ~/src, ~/web ...): `${workspaceFolder}/src/x` in VS Code's settings,
// `/app/x` in a container's, `/usr/src/linux` are no mention of ~/src; for such a name (COMMON, or 3 letters or
// fewer, every part) the words count only after a spelling of the home on the same line (HOME_HINT).

// Folder names too common to be the workspace's when a file names them without the home (measured: the report).
const COMMON: ReadonlySet<string> = new Set([
  'src', 'app', 'apps', 'api', 'web', 'www', 'test', 'tests', 'code', 'dev', 'work', 'lib', 'bin', 'tmp', 'temp', 'build', 'dist',
  'docs', 'doc', 'data', 'site', 'server', 'client', 'backend', 'frontend', 'project', 'projects', 'repo', 'repos', 'git', 'github',
  'workspace', 'workspaces', 'source', 'sources', 'scripts', 'tools', 'config', 'home', 'main', 'core', 'common', 'shared', 'public',
  'static', 'assets', 'packages', 'services', 'service', 'demo', 'example', 'examples', 'sandbox', 'playground', 'Documents', 'Desktop',
  'Downloads', 'Projects', 'Code', 'Work', 'dotfiles', 'notes', 'cli', 'ui', 'ws', 'go', 'node', 'python', 'rust', 'java',
]);

// A `\` ending a line (the line continues), optional between any two characters of a part.
const CONTINUED = '(?:\\\\\\r?\\n)?';
const META = /[.*+?^${}()|[\]\\]/g;
// Between two parts: slashes (`//`, `/./`), or a quote, a `,` `/` `+` and a quote (python's join, pathlib's `/`,
// string concatenation). Spaces and tabs only: the same class in both engines (home-mentions.ts PATH_CHARS).
const JOIN = '(?:/+(?:\\./+)*|["\'][ \\t]*[,/+][ \\t]*["\'])';
// A spelling of the home on the line before (a common name only).
// `~` as a path or a word (`~/`, `"~"`), a variable ending in HOME (`$HOME`, `${HOME:-x}`, `$XDG_CONFIG_HOME`),
// systemd's `%h`, the languages' calls (`Path.home()`, `os.homedir()`, `expanduser(`, `UserHomeDir`, `home_dir`),
// Windows' USERPROFILE; not the word `home` itself (`"homepage": "https://x/main/y"`: measured, the report). Then
// a short gap without white space but a join (`"~"), "app"`, `() / "app"`): not across the line to another path.
const HOME_HINT = '(?:~[/"\'),]|\\$\\{?[A-Z_]*HOME|%h|home\\(\\)|homedir\\(\\)|expanduser\\(|UserHomeDir|home_dir|USERPROFILE)(?:[^ \\t\\n\\r]|[ \\t]*[,/+][ \\t]*){0,24}?';

const part = (name: string): string => [...name].map((char) => char.replace(META, '\\$&')).join(CONTINUED);

// The regular expression (for ripgrep and JavaScript alike) of the parts `rels` (each root's path below the home,
// `/`-separated) as words followed by something below, and the byte needles one of which each match holds (each
// part; a line continuation); undefined when no root lies below the home.
// `homes`: names of variables holding the home (home-mention-bindings.ts), spellings of the home as HOME_HINT's.
export function wordPattern(rels: readonly string[], homes: readonly string[] = []): { pattern: string; needles: string[] } | undefined {
  const hint = homes.length === 0 ? HOME_HINT : HOME_HINT.replace('(?:', `(?:\\b(?:${homes.join('|')})\\b|`);
  const forms = new Set<string>();
  const needles = new Set<string>();
  for (const rel of rels) {
    const parts = rel.split('/').filter((name) => name !== '' && name !== '.');
    if (parts.length === 0 || parts.includes('..')) continue;
    const common = parts.every((name) => name.length <= 3 || COMMON.has(name));
    const words = parts.map(part).join(`${CONTINUED}${JOIN}${CONTINUED}`);
    forms.add(`${common ? hint : ''}["'/]${CONTINUED}${words}${CONTINUED}${JOIN}${CONTINUED}[A-Za-z0-9_.@+~-]`);
    for (const name of parts) needles.add(name);
  }
  if (forms.size === 0) return undefined;
  return { pattern: [...forms].join('|'), needles: [...needles, '\\\n', '\\\r\n'] };
}
