import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AGENT_CONFIG_KEYS, ENGINE_CONFIG_KEYS, USER_ONLY_KEYS } from './config-schema.js';
import { didYouMean, squashKey } from './config-keys.js';
import { fail } from './errors.js';
import { parseYaml } from './yaml.js';

// The user's own config, ~/.codeward/config (JSON or YAML), config.json, config.yaml or config.yml: this
// module alone knows its file names and keys; the sandbox (passEnv, sandboxReadable) and the agent
// (provider, model, ...) both read it through `readUserConfig`, so they always read the same file.
// The first name that exists is read; another one beside it is named in a warning, never silently ignored.
export const USER_CONFIG_NAMES = ['config', 'config.json', 'config.yaml', 'config.yml'] as const;

// USER_ONLY_KEYS: only the user's file sets them (a project's cannot let a secret through or show a
// hidden home file). ENGINE_CONFIG_KEYS (sandbox, normalizeQuotes, ...): the user's file sets the base a
// project's .codeward/config starts from; an untrusted project only tightens it (config.ts).
export const USER_CONFIG_KEYS: readonly string[] = [...USER_ONLY_KEYS, ...ENGINE_CONFIG_KEYS, ...AGENT_CONFIG_KEYS];

export interface UserConfigFile {
  // Absolute path of the file read.
  readonly path: string;
  // Its keys under their canonical names (`base_url` → `baseUrl`, `PASS_ENV` → `passEnv`).
  readonly values: Readonly<Record<string, unknown>>;
  // Other config files beside it, which are not read.
  readonly warnings: readonly string[];
}

const exists = (path: string): Promise<boolean> => readFile(path).then(() => true, () => false);

// An unknown key is an error naming the file, the key and what it was probably meant to be (a typo in
// `passEnv` must not quietly withhold the token, one in a key the user believes loosens or tightens
// something must not quietly do nothing).
function unknownKey(path: string, key: string): Error {
  return fail('C210', `${path}: unknown key "${key}"${didYouMean(key, USER_CONFIG_KEYS)}; valid keys: ${USER_CONFIG_KEYS.join(', ')}`);
}

function canonical(raw: unknown, path: string): Record<string, unknown> {
  if (raw === null || raw === undefined) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw fail('C210', `${path} must hold keys (${USER_CONFIG_KEYS.join(', ')}), got ${Array.isArray(raw) ? 'a list' : typeof raw}`);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const known = USER_CONFIG_KEYS.find((name) => squashKey(name) === squashKey(key));
    if (known === undefined) throw unknownKey(path, key);
    if (known in out) throw fail('C210', `${path}: "${known}" is set twice (as "${key}" too); keep one`);
    out[known] = value;
  }
  return out;
}

// The user's config file, or undefined when there is none (or no home folder). A file that cannot be
// parsed or has an unknown key is C210 naming the file and the key. (The home folder as the workspace
// makes ~/.codeward/config.json its project config too: every project key is a user key as well, so the
// workspace, which callers still pass, changes nothing.)
export async function readUserConfig(home: string | undefined, _workspace?: string): Promise<UserConfigFile | undefined> {
  if (!home) return undefined;
  for (const [index, name] of USER_CONFIG_NAMES.entries()) {
    const path = join(home, '.codeward', name);
    const text = await readFile(path, 'utf8').catch((error: unknown) => missingOr(path, error));
    if (text === undefined) continue;
    const others: string[] = [];
    for (const other of USER_CONFIG_NAMES.slice(index + 1)) if (await exists(join(home, '.codeward', other))) others.push(join(home, '.codeward', other));
    return userFile(path, name, text, others);
  }
  return undefined;
}

// The same file read at once, for a caller that cannot wait (the write gate's context reads `envPlaces` at each
// judgement: obeyed-env-homes.ts); the same errors.
export function readUserConfigSync(home: string | undefined): UserConfigFile | undefined {
  if (!home) return undefined;
  for (const [index, name] of USER_CONFIG_NAMES.entries()) {
    const path = join(home, '.codeward', name);
    let text: string | undefined;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      text = missingOr(path, error);
    }
    if (text === undefined) continue;
    const others = USER_CONFIG_NAMES.slice(index + 1).map((other) => join(home, '.codeward', other)).filter((other) => existsNow(other));
    return userFile(path, name, text, others);
  }
  return undefined;
}

// Environment variables whose values are places, not tool homes (`envPlaces`, the user's file only): the write
// gate's generic rule does not make what they name obeyed (obeyed-env-homes.ts). A file that cannot be read or a
// value that is not a list of names: none (every variable keeps the rule; setup and doctor say why).
export function userEnvPlaces(home: string | undefined): readonly string[] {
  try {
    const value = readUserConfigSync(home)?.values['envPlaces'];
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string' && name !== '') : [];
  } catch {
    return [];
  }
}

// A missing file (or a folder there) is undefined; another failure is C210.
function missingOr(path: string, error: unknown): undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
  throw fail('C210', `${path} cannot be read: ${(error as Error).message}`);
}

function existsNow(path: string): boolean {
  try {
    readFileSync(path);
    return true;
  } catch {
    return false;
  }
}

function userFile(path: string, name: string, text: string, others: readonly string[]): UserConfigFile {
  let raw: unknown;
  try {
    raw = name.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw fail('C210', `${path}: not valid ${name.endsWith('.json') ? 'JSON' : name === 'config' ? 'JSON or YAML' : 'YAML'}: ${(error as Error).message}`);
  }
  const values = canonical(raw, path);
  const warnings = others.length === 0 ? [] : [`${path} is the user config read; ${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} not read (merge ${others.length === 1 ? 'it' : 'them'} into ${path} and delete ${others.length === 1 ? 'it' : 'them'})`];
  return { path, values, warnings };
}
