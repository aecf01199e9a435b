import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parseToml } from '../engine/toml.js';
import { METADATA_MAX, readGitMetadataOr, unreadWhy } from '../git/config-read.js';
import type { Inside } from './unconfined-install-options.js';
import type { RcRule } from './unconfined-install-rc.js';

// An installer's TOML configuration (uv's uv.toml `[pip]`, pyproject.toml `[tool.uv.pip]`) read with a TOML
// parser, not line by line: the same table is also spelled as an inline table (`[tool.uv]` `pip = { target =
// "/x" }`), dotted keys (`pip.target = "/x"`) or a quoted key (`"pip"."target"`), which a line reader misses.
// Read like the other rc files (config-read.ts: regular file, non-blocking, size-capped); a file that is not
// readable or not TOML is not proven inside (the installer's own parser may read more than ours).

type Table = Record<string, unknown>;
const isTable = (value: unknown): value is Table => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
const lower = (list: readonly string[] | undefined): string[] => (list ?? []).map((each) => each.toLowerCase());
const dynamic = (value: string): boolean => /[$%`]/.test(value);

// The first key of the table at `path` in `file` that is not proven inside, as `FILE key=value`; undefined when
// none, no such table, or no file.
export function tomlOutside(file: string, path: readonly string[], rule: RcRule, inside: Inside): string | undefined {
  if (!existsSync(file)) return undefined;
  const got = readGitMetadataOr(file);
  if (typeof got !== 'object') return unreadWhy(file, got, METADATA_MAX) ?? `${file} (not readable)`;
  const text = got.text;
  let node: unknown;
  try {
    node = parseToml(text);
  } catch {
    return `${file} (not TOML codeward can read)`;
  }
  for (const key of path) node = isTable(node) ? node[key] : undefined;
  if (node === undefined) return undefined;
  if (!isTable(node)) return `${file} ${path.join('.')}=${JSON.stringify(node)}`;
  for (const [name, value] of Object.entries(node)) {
    const key = name.replace(/_/g, '-').toLowerCase();
    const named = `${file} ${name}=${JSON.stringify(value)}`;
    if (lower(rule.flags).includes(key) && value !== false) return named;
    if (lower(rule.files).includes(key)) return named;
    const allowed = Object.entries(rule.values ?? {}).find(([each]) => each.toLowerCase() === key)?.[1];
    if (allowed !== undefined && (typeof value !== 'string' || dynamic(value) || !allowed.includes(value.toLowerCase()))) return named;
    if (!lower(rule.folders).includes(key)) continue;
    if (typeof value !== 'string' || value === '' || dynamic(value)) return named;
    if (!inside(isAbsolute(value) || value.startsWith('~') ? value : resolve(dirname(file), value))) return named;
  }
  return undefined;
}

// The first of `files` with a key of its table not proven inside.
export const tomlsOutside = (files: readonly string[], path: readonly string[], rule: RcRule, inside: Inside): string | undefined =>
  files.reduce<string | undefined>((found, file) => found ?? tomlOutside(file, path, rule, inside), undefined);
