// An `[alias]` value read as the cargo command line it is (red team R19-6, CRITICAL): an alias may replace the
// built-in short ones (`b`, `t`, `r`, `c`, `d`: the person's everyday `cargo b`) and carry cargo's global options,
// so what those options make cargo obey is obeyed as if the file said it. The Cargo book, "Configuration" and
// "cargo": a string alias is split at whitespace (no quoting), an array's items are the words; `--config X`
// (anywhere) is a file when a file of that name exists, else `KEY=VALUE` TOML merged like a config file
// (`build.rustc-wrapper='tools/w'`); so both readings are obeyed: the path (a file created later asks) and the
// file's or the value's configuration, read by the one config reader. `-Z` (unstable switches) and a global
// option before the sub-command that is not on the ALLOW-LIST below are not modelled: the caller's `fail`.
import { lstatSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseToml } from '../engine/toml.js';
import { readHeadBeneath } from '../workspace/own-read-sync.js';

// cargo's global options that name nothing (`--color` takes a value).
const GLOBAL = /^(?:-q|--quiet|-v+|--verbose|--offline|--frozen|--locked|--color(?:=.*)?)$/;
// A configuration text read as cargo would (hook-runner-cargo-config.ts), with the folders its paths are relative to.
export type ConfigText = (text: string, bases: readonly string[]) => void;
// Told each --config file looked for (the hook walk's sources: a change to the file refreshes its cached verdict,
// cargo19 Left).
export type Seen = (path: string) => void;
// The --config files being read (one alias naming its own file again: read once).
const reading = new Set<string>();
const MAX_BYTES = 1024 * 1024;

// A --config file's text (never through a link, bounded); `fail`: it exists but is not read (a link, a folder).
function configFile(path: string, fail: (why: string) => void): string | undefined {
  if (lstatSync(path, { throwIfNoEntry: false }) === undefined || reading.has(path)) return undefined;
  const bytes = readHeadBeneath(dirname(path), path, MAX_BYTES + 1);
  if (bytes === undefined || bytes.length > MAX_BYTES) return void fail(`\`--config ${path}\` (a file codeward does not read: a link, a folder or too large)`);
  return bytes.toString('utf8');
}

function configArg(value: string, bases: readonly string[], obey: (path: string) => void, fail: (why: string) => void, config: ConfigText, seen?: Seen): void {
  for (const base of bases) {
    const path = resolve(base, value);
    obey(path);
    seen?.(path);
    const text = configFile(path, fail);
    if (text === undefined) continue;
    reading.add(path);
    try {
      // cargo resolves a config file's paths from the folder above the file's (as for `.cargo/config.toml`);
      // the file's own folder too, to be safe.
      config(text, [dirname(dirname(path)), dirname(path), ...bases]);
      config(text, [dirname(path)]);
    } finally {
      reading.delete(path);
    }
  }
  try {
    parseToml(value);
  } catch {
    return;
  }
  config(value, bases);
}

// What alias `name`'s `value` makes cargo obey: paths to `obey`, `--config` values to `config`, the first option
// not modelled to `fail`.
export function aliasLine(name: string, value: unknown, bases: readonly string[], obey: (path: string) => void, fail: (why: string) => void, config: ConfigText, seen?: Seen): void {
  const words = typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : Array.isArray(value) ? value.filter((one): one is string => typeof one === 'string') : [];
  let command = false;
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    const arg = word === '--config' ? words[++at] : word.startsWith('--config=') ? word.slice('--config='.length) : undefined;
    if (arg !== undefined) configArg(arg, bases, obey, fail, config, seen);
    else if (word === '--config') return fail(`\`[alias] ${name}\` ends with \`--config\` (its value comes from the command line)`);
    else if (word.startsWith('-Z')) return fail(`\`[alias] ${name}\` passes \`${word}\` (an unstable cargo option codeward does not model)`);
    else if (!command && word.startsWith('-')) {
      if (!GLOBAL.test(word)) return fail(`\`[alias] ${name}\` passes \`${word}\` (a cargo option codeward does not model)`);
      if (word === '--color') at++;
    } else command = true;
  }
}
