// What a noxfile's sessions run and install (py19 Left, issue 26): `session.run("sh", "tools/x.sh")` is a command
// line (read like tox's `commands`: hook-configs.ts configCommands), `session.install("./tools/x")` /
// `session.install("-e", ".")` / `session.install("-r", "requirements.txt")` install entries (read like tox's `deps`:
// hook-python-install.ts). Only literal arguments are read: a call whose argument is a name, an f-string or any other
// expression, a keyword the table does not know, a method not listed, `session.chdir` and `session.env` (they move or
// change what later calls run) make the reading unknown (the hook walk's unmodelled answer, fail closed).
// `*session.posargs` (the hook line's own words after `--`) is allowed.
import { quoted } from './hook-runner-config.js';

const RUNS = new Set(['run', 'run_always', 'run_install']);
const INSTALLS = new Set(['install', 'conda_install']);
const INERT = new Set(['notify', 'log', 'warn', 'error', 'skip', 'debug', 'create_tmp']);
// Keywords whose literal value decides nothing about what runs.
const KEYWORDS = new Set(['external', 'silent', 'success_codes', 'log', 'interrupt_timeout_s', 'terminate_timeout_s', 'include_outer_env', 'channel']);
const LITERAL_VALUE = /^(?:True|False|None|-?\d+(?:\.\d+)?|\[\s*(?:-?\d+\s*,?\s*)*\]|"[^"\\]*"|'[^'\\]*')$/;
// pip options an install entry may carry; the ones naming a file (-r/-c/-e) join their value, any other is unknown.
const PIP_VALUED = new Set(['-e', '--editable', '-r', '--requirement', '-c', '--constraint']);
const PIP_FLAGS = new Set(['-U', '--upgrade', '--pre', '--no-deps', '-q', '--quiet', '-v', '--verbose', '--force-reinstall']);

export interface NoxReading {
  readonly lines: string[];
  readonly installs: string[];
  readonly unknown?: string;
}

// The text of a call's arguments from `from` (just past its `(`) to its matching `)`, strings and brackets skipped.
function argumentText(text: string, from: number): string | undefined {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"' || char === '\'') {
      const end = text.indexOf(char, i + 1);
      if (end < 0) return undefined;
      i = end;
    } else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) {
      if (depth === 0) return text.slice(from, i);
      depth--;
    }
  }
  return undefined;
}

// Top-level comma-separated arguments.
function splitArguments(args: string): string[] {
  const parts: string[] = [];
  let depth = 0, start = 0;
  for (let i = 0; i < args.length; i++) {
    const char = args[i]!;
    if (char === '"' || char === '\'') i = Math.max(i, args.indexOf(char, i + 1));
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) depth--;
    else if (char === ',' && depth === 0) {
      parts.push(args.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(args.slice(start).trim());
  return parts.filter(Boolean);
}

const literal = (arg: string): string | undefined => /^"([^"\\]*)"$|^'([^'\\]*)'$/.exec(arg)?.slice(1).find((part) => part !== undefined);

// `env={"PYTHONPATH": "tools"}`: assignments for the line, literal pairs only.
function envAssignments(value: string): string[] | undefined {
  const inner = /^\{([\s\S]*)\}$/.exec(value.trim())?.[1];
  if (inner === undefined) return undefined;
  const pairs = splitArguments(inner).map((pair) => pair.split(/\s*:\s*/));
  if (pairs.some((pair) => pair.length !== 2 || literal(pair[0]!) === undefined || literal(pair[1]!) === undefined)) return undefined;
  return pairs.map(([key, set]) => `${literal(key!)!}=${quoted(literal(set!)!)}`);
}

// Every `session.<method>(…)` call of the noxfile `text`.
export function noxSessions(text: string | undefined): NoxReading {
  const lines: string[] = [], installs: string[] = [];
  if (text === undefined) return { lines, installs };
  // A session function whose parameter has another name (`def lint(s): s.run(…)`): its calls are not found.
  const renamed = [...text.matchAll(/@nox\.session\b[^\n]*\n(?:\s*@[^\n]*\n)*\s*def\s+\w+\s*\(\s*(\w+)/g)].find((found) => found[1] !== 'session');
  if (renamed !== undefined) return { lines, installs, unknown: `noxfile.py names a session's parameter ${renamed[1]!} (only \`session\` is read)` };
  if (/\bsession\.(?:env|chdir|cd)\b/.test(text)) return { lines, installs, unknown: 'noxfile.py changes a session\'s folder or environment (session.chdir / session.env)' };
  for (const found of text.matchAll(/\bsession\.(\w+)\s*\(/g)) {
    const method = found[1]!;
    const args = argumentText(text, found.index + found[0].length);
    const unknown = (why: string): NoxReading => ({ lines, installs, unknown: `noxfile.py calls session.${method}(${(args ?? '').trim().slice(0, 60)}) (${why})` });
    if (INERT.has(method)) continue;
    if (!RUNS.has(method) && !INSTALLS.has(method)) return unknown('a method codeward does not model');
    if (args === undefined) return unknown('a call codeward cannot read');
    const words: string[] = [], env: string[] = [];
    for (const arg of splitArguments(args)) {
      const keyword = /^(\w+)\s*=(?!=)\s*([\s\S]*)$/.exec(arg);
      if (keyword && keyword[1] === 'env' && RUNS.has(method)) {
        const set = envAssignments(keyword[2]!);
        if (set === undefined) return unknown('an environment that is not literal');
        env.push(...set);
      } else if (keyword) {
        if (!KEYWORDS.has(keyword[1]!) || !LITERAL_VALUE.test(keyword[2]!.trim())) return unknown(`the keyword ${keyword[1]!}`);
      } else if (arg === '*session.posargs') continue;
      else {
        const value = literal(arg);
        if (value === undefined) return unknown(`an argument that is not a literal text: ${arg}`);
        words.push(value);
      }
    }
    if (RUNS.has(method)) {
      if (words.length > 0) lines.push([...env, ...words.map(quoted)].join(' '));
      continue;
    }
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      if (PIP_VALUED.has(word) && words[i + 1] !== undefined) installs.push(`${word} ${words[++i]!}`);
      else if (word.startsWith('-') && !PIP_FLAGS.has(word)) return unknown(`the install option ${word}`);
      else if (!word.startsWith('-')) installs.push(word);
    }
  }
  return { lines, installs };
}
