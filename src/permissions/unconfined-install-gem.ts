import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { METADATA_MAX, readGitMetadataOr, unreadWhy } from '../git/config-read.js';
import { destinationOutside, flagOn, optionValues, subcommands, variable, type Call, type Inside } from './unconfined-install-options.js';
import { unknownFile, userHome } from './unconfined-install-rc.js';

// gem with no OS sandbox (red team R14b-5, R15-15; issue 26 h-global). Where it installs: `--install-dir`, else
// GEM_HOME, else the default gem folder; `--bindir` for the programs; `--user-install` the user's gem folder.
// gem takes these from its configuration files too, as if given first on the line (Gem::ConfigFile): the
// system's /etc/gemrc, the user's (`--config-file FILE`, else ~/.gemrc) and GEMRC's `:`-separated list, none
// under `--norc`: the `gem:` key's options for every command, the command's own key (`install:`) for it, and
// `gemhome:` (the gem folder). A file that cannot be read, or named by a value only known at run time, is not
// proven inside (fail closed).

// gem's own options before its command (`gem --norc install x`).
const GEM_FLAGS = ['--norc', '--backtrace', '--debug', '-q', '--quiet', '--silent', '-V', '--verbose', '--no-verbose', '-h', '--help'];
const INSTALLS = ['install', 'uninstall', 'update', 'i', 'pristine', 'cleanup'];
const CONFIG_FILE = { long: 'config-file', value: true };
const DIR = { long: 'install-dir', abbreviate: 3, short: 'i', value: true };
const BINDIR = { long: 'bindir', abbreviate: 2, short: 'n', value: true };
const KEY = /^\s*:?([A-Za-z_][\w-]*)\s*:\s*(.*?)\s*$/;

// The options the configuration files give `sub` (words), or why they cannot be known (a string).
function gemrcWords(call: Call, sub: string, inside: Inside): string[] | string {
  if (call.words.includes('--norc')) return [];
  const named = optionValues(call.words, CONFIG_FILE);
  const listed = (variable(call.env, 'GEMRC') ?? '').split(':').filter((file) => file !== '');
  const unknown = [...named, ...listed].find(unknownFile);
  if (unknown !== undefined) return `a gem configuration file ${unknown}, only known at run time`;
  const user = named.length > 0 ? named : [join(userHome(call), '.gemrc')];
  const files = ['/etc/gemrc', ...[...user, ...listed].flatMap((file) => call.folders.map((folder) => resolve(folder, file)))];
  const words: string[] = [];
  for (const file of files.filter((each) => existsSync(each))) {
    const got = readGitMetadataOr(file);
    if (typeof got !== 'object') return unreadWhy(file, got, METADATA_MAX) ?? `${file} (not readable)`;
    const text = got.text;
    for (const line of text.split(/\r?\n/)) {
      const [, key = '', raw = ''] = KEY.exec(line) ?? [];
      const value = raw.replace(/^(["'])(.*)\1$/, '$2');
      if (key === 'gemhome' && (value === '' || /[$`%]/.test(value) || !inside(value))) return `${file} ${line.trim()}`;
      if (key !== 'gem' && key !== sub && !(key === 'install' && sub === 'i')) continue;
      if (/[$`%<]/.test(value)) return `${file} ${line.trim()}`;
      words.push(...value.split(/\s+/).filter((word) => word !== ''));
    }
  }
  return words;
}

export function gemInstall(call: Call, inside: Inside): string | undefined {
  const sub = subcommands(call.words, GEM_FLAGS, ['--config-file']).find((word) => INSTALLS.includes(word));
  if (sub === undefined) return undefined;
  const rc = gemrcWords(call, sub, inside);
  if (typeof rc === 'string') return `gem ${sub} installs where its configuration says (${rc}), not proven inside the workspace`;
  // The configuration's options come first, the line's after them.
  const words = [...rc, ...call.words];
  if (flagOn(words, { long: 'user-install', abbreviate: 3 })) return `gem ${sub} --user-install changes the user's gem folder${rc.length > 0 && !flagOn(call.words, { long: 'user-install', abbreviate: 3 }) ? ' (its configuration gives --user-install)' : ''}`;
  // `--install-dir` beats GEM_HOME (the engine's, or the line's).
  const home = optionValues(words, DIR).length > 0 ? [] : ['GEM_HOME'];
  const folder = destinationOutside({ ...call, words }, inside, [DIR, BINDIR], home);
  const installed = destinationOutside({ ...call, words }, inside, [DIR], home);
  return folder === undefined && installed === undefined ? undefined : `gem ${sub} changes the gem folder outside the workspace${folder ? ` (${folder})` : ''}`;
}
