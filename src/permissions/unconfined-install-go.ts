import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { METADATA_MAX, readGitMetadataOr, unreadWhy } from '../git/config-read.js';
import { UNKNOWN } from './argv.js';
import { destinationOutside, variable, type Call, type Inside } from './unconfined-install-options.js';
import { unknownFile, userHome } from './unconfined-install-rc.js';

// go with no OS sandbox. go install writes GOBIN, else GOPATH/bin; each is the environment's, else the go env
// file's (`go env -w GOBIN=/x` wrote it: GOENV, else $XDG_CONFIG_HOME/go/env or ~/.config/go/env; GOENV=off
// reads none), so a file's GOBIN outside sends an install with a GOPATH inside there (issue 26 h-global).
// `go env -w/-u` writes that file, which every later go obeys (GOBIN, GOFLAGS, GOTOOLCHAIN).

const KEYS = ['GOBIN', 'GOPATH'];

// The go env file's GOBIN and GOPATH, or why it cannot be read.
function envFile(call: Call): Map<string, string> | string {
  const named = variable(call.env, 'GOENV');
  if (named === 'off') return new Map();
  if (named !== undefined && unknownFile(named)) return `GOENV ${named}, only known at run time`;
  const files = named !== undefined ? call.folders.map((folder) => resolve(folder, named)) : [join(variable(call.env, 'XDG_CONFIG_HOME') ?? join(userHome(call), '.config'), 'go', 'env')];
  const values = new Map<string, string>();
  for (const file of files.filter((each) => existsSync(each))) {
    const got = readGitMetadataOr(file);
    if (typeof got !== 'object') return unreadWhy(file, got, METADATA_MAX) ?? `${file} (not readable)`;
    const text = got.text;
    for (const line of text.split(/\r?\n/)) {
      const match = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
      // An empty value is go's "unset".
      if (match && KEYS.includes(match[1]!) && match[2]!.trim() !== '') values.set(match[1]!, match[2]!.trim());
    }
  }
  return values;
}

export function goInstall(call: Call, inside: Inside): string | undefined {
  if (call.form[1] === 'env' && call.words.some((word) => /^-[wu]$|^--?[wu]=/.test(word) || word.startsWith(UNKNOWN))) {
    return destinationOutside(call, inside, [], ['GOENV']) === undefined ? undefined : "go env -w changes the user's go configuration, outside the workspace";
  }
  if (call.form[1] !== 'install') return undefined;
  const file = envFile(call);
  if (typeof file === 'string') return `go install writes where its configuration says (${file}), not proven inside the workspace`;
  // The environment beats the file.
  const env = new Map(call.env);
  for (const [key, value] of file) if (variable(call.env, key) === undefined) env.set(key, value);
  const withFile = { ...call, env };
  const bin = destinationOutside(withFile, inside, [], ['GOBIN']);
  const kept = bin === undefined || (bin === '' && destinationOutside(withFile, inside, [], ['GOPATH']) === undefined);
  const from = [...file.keys()].filter((key) => variable(call.env, key) === undefined).map((key) => `${key}=${file.get(key)}`);
  return kept ? undefined : `go install writes the program into GOBIN or ~/go/bin (no GOBIN inside the workspace${from.length > 0 ? `; the go env file sets ${from.join(', ')}` : ''})`;
}
