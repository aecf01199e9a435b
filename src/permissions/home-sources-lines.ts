import { dirname } from 'node:path';
import { shCommands, type ShWord } from '../shell/sh-tokens.js';
import { commandWords } from '../git/config-command.js';
import { loadedOf, plain, type Loaded } from './home-sources-expand.js';

// What the line-based start-up files load (red team R9-4, R10): ssh's config (`Include`, globs, recursive;
// the scripts `Match exec`, ProxyCommand, LocalCommand and KnownHostsCommand run), vim's and neovim's
// (`source`, `runtime` below a `set runtimepath+=` folder, `luafile`), neovim's init.lua (`dofile`,
// `loadfile`, `vim.cmd` with a vim line, runtimepath appends, package.path folders), tmux's (`source-file`, `run-shell`,
// `if-shell`) and readline's (`$include`). Paths expanded with `~` and the variables known (HOME);
// a spelling it cannot evaluate is not followed.

// A configured command's words that name a file (a path, not a program looked up on PATH).
const scriptsOf = (command: string, vars: ReadonlyMap<string, string>): Loaded[] =>
  loadedOf(commandWords(command).filter((word) => word.includes('/')).map(plain), vars);

const lines = (text: string): string[] => text.split(/\r?\n/).map((line) => line.trim());

export function sshLoads(text: string, vars: ReadonlyMap<string, string>): Loaded[] {
  const found: Loaded[] = [];
  for (const line of lines(text)) {
    const match = /^(\w+)(?:\s*=\s*|\s+)(.*)$/.exec(line);
    if (!match || line.startsWith('#')) continue;
    const [key, value] = [match[1]!.toLowerCase(), match[2]!.replace(/%d/g, '~').replace(/%%/g, '%')];
    if (key === 'include') found.push(...loadedOf(shCommands(value).flat(), vars, 'ssh'));
    else if (key === 'proxycommand' || key === 'localcommand' || key === 'knownhostscommand') found.push(...scriptsOf(value, vars));
    else if (key === 'match') {
      const words = shCommands(value).flat();
      words.forEach((word, i) => {
        if (word.text.toLowerCase() === 'exec' && words[i + 1]) found.push(...scriptsOf(words[i + 1]!.text, vars));
      });
    }
  }
  return found;
}

const VIM_MODIFIERS = /^(?:sil(?:ent)?!?|unsil(?:ent)?|noa(?:utocmd)?|keepj(?:umps)?|exe(?:cute)?)\s+/;

// One vim command line (`:` and modifiers dropped); `|` separates commands.
export function vimLoads(text: string, vars: ReadonlyMap<string, string>): Loaded[] {
  const found: Loaded[] = [];
  for (const line of lines(text)) {
    if (line.startsWith('"')) continue;
    for (let command of line.split('|')) {
      command = command.trim().replace(/^:+/, '');
      while (VIM_MODIFIERS.test(command)) command = command.replace(VIM_MODIFIERS, '');
      const match = /^(\w+)!?\s+(.+)$/.exec(command);
      if (!match) continue;
      const [name, rest] = [match[1]!, match[2]!.trim().replace(/^['"]|['"]$/g, '')];
      if (/^so(?:u(?:r(?:c(?:e)?)?)?)?$/.test(name) || /^(?:luafile|py3?file|pyxfile|rubyfile)$/.test(name)) found.push(...loadedOf([plain(rest)], vars, /^so/.test(name) ? 'vim' : name === 'luafile' ? 'lua' : undefined));
      else if (/^(?:lua)$/.test(name)) found.push(...luaLoads(rest, vars));
      else if (/^se(?:t)?$/.test(name)) {
        const path = /^(?:runtimepath|rtp|packpath|pp)\s*[+^]?=\s*(\S+)/.exec(rest);
        if (path) found.push(...loadedOf(path[1]!.split(',').map(plain), vars, 'vim', true));
      }
    }
  }
  return found;
}

// A Lua expression made of string literals, `os.getenv("X")`, `vim.env.X`, `vim.fn.expand("~/x")` and `..`;
// undefined when any part is anything else.
function luaString(expression: string, vars: ReadonlyMap<string, string>): string | undefined {
  let out = '';
  for (const part of expression.split('..').map((piece) => piece.trim())) {
    const literal = /^(?:"([^"]*)"|'([^']*)'|\[\[([\s\S]*?)\]\])$/.exec(part);
    const env = /^(?:os\.getenv\s*\(\s*["'](\w+)["']\s*\)|vim\.env\.(\w+)|vim\.(?:loop|uv)\.os_homedir\s*\(\s*\))$/.exec(part);
    const expand = /^vim\.fn\.expand\s*\(\s*["']([^"']*)["']\s*\)$/.exec(part);
    if (literal) out += literal[1] ?? literal[2] ?? literal[3];
    else if (env && vars.get(env[1] ?? env[2] ?? 'HOME') !== undefined) out += vars.get(env[1] ?? env[2] ?? 'HOME');
    else if (expand) out += expand[1]!.replace(/^~(?=\/|$)/, vars.get('HOME') ?? '~');
    else return undefined;
  }
  return out;
}

// The argument text of each call of `name` in `text` (balanced parentheses, or a lone string: `dofile "x"`).
function calls(text: string, name: RegExp): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(new RegExp(`${name.source}\\s*(\\(|"[^"]*"|'[^']*'|\\[\\[[\\s\\S]*?\\]\\])`, 'g'))) {
    if (match[1] !== '(') {
      out.push(match[1]!);
      continue;
    }
    let depth = 0;
    const from = match.index! + match[0].length;
    for (let i = from; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && depth-- === 0) {
        out.push(text.slice(from, i));
        break;
      }
    }
  }
  return out;
}

export function luaLoads(text: string, vars: ReadonlyMap<string, string>): Loaded[] {
  const found: Loaded[] = [];
  const code = text.replace(/--(?!\[\[).*$/gm, '');
  const each = (name: RegExp, take: (value: string) => Loaded[]): void => {
    for (const args of calls(code, name)) {
      const value = luaString(args, vars);
      if (value !== undefined && value !== '') found.push(...take(value));
    }
  };
  each(/\b(?:dofile|loadfile)/, (path) => [{ path, kind: 'lua' }]);
  each(/\bvim\.cmd\.(?:source|so)/, (path) => [{ path, kind: 'vim' }]);
  each(/\bvim\.cmd\.luafile/, (path) => [{ path, kind: 'lua' }]);
  each(/\bvim\.cmd/, (line) => vimLoads(line, vars));
  each(/\bvim\.opt\.(?:rtp|runtimepath|packpath):(?:append|prepend)/, (path) => [{ path, kind: 'vim', folder: true }]);
  // `package.path = package.path .. ";" .. os.getenv("HOME") .. "/dotfiles/nvim/?.lua"`: the folders `require` searches.
  for (const match of code.matchAll(/\bpackage\.(?:path|cpath)\s*=\s*(.+)$/gm)) {
    const known = match[1]!.split('..').map((part) => luaString(part, vars) ?? ';').join('');
    for (const entry of known.split(';').filter((each) => each.includes('?'))) found.push({ path: dirname(entry.slice(0, entry.indexOf('?')) + 'x'), folder: true });
  }
  return found;
}

const TMUX_VALUE_OPTIONS = new Set(['-t', '-c', '-d']);

// tmux's commands (`;` and new lines separate them; `bind KEY command` holds one).
export function tmuxLoads(text: string, vars: ReadonlyMap<string, string>): Loaded[] {
  const found: Loaded[] = [];
  for (const words of shCommands(text)) {
    const after = (i: number): ShWord[] => {
      const out: ShWord[] = [];
      for (let j = i + 1; j < words.length; j++) {
        if (TMUX_VALUE_OPTIONS.has(words[j]!.text)) j++;
        else if (!words[j]!.text.startsWith('-')) out.push(words[j]!);
      }
      return out;
    };
    words.forEach((word, i) => {
      if (word.text === 'source-file' || word.text === 'source') found.push(...loadedOf(after(i), vars, 'tmux'));
      else if (word.text === 'run-shell' || word.text === 'run') found.push(...after(i).slice(0, 1).flatMap((command) => scriptsOf(command.text, vars)));
      else if (word.text === 'if-shell' || word.text === 'if') {
        const [condition, ...commands] = after(i);
        if (condition) found.push(...scriptsOf(condition.text, vars), ...commands.flatMap((command) => tmuxLoads(command.text, vars)));
      }
    });
  }
  return found;
}

export function readlineLoads(text: string, vars: ReadonlyMap<string, string>): Loaded[] {
  return lines(text).flatMap((line) => {
    const match = /^\$include\s+(.+)$/.exec(line);
    return match ? loadedOf([plain(match[1]!.trim())], vars, 'readline') : [];
  });
}
