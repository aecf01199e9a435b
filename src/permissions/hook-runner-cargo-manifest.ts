// Reading one Cargo.toml the way cargo does (red team R18-5): cargo takes `_` for `-` in its own table and key
// names (`[build_dependencies]`, `[dev_dependencies]`, `[lib] proc_macro`, `[target.*.build_dependencies]`,
// `[project]` for `[package]`, with a warning), so the names are made cargo's one spelling here, once, before any
// reader looks at them. Dependency and feature names are the crate's own: left as written.
// ALLOW-LIST of the top-level tables (the Cargo book, "The Manifest Format"): another (a future table, a
// `cargo-features` nightly switch such as `codegen-backend`, which loads a compiler backend) is unmodelled.
import { relative } from 'node:path';
import { parseToml } from '../engine/toml.js';
import { read, type Walk } from './hook-walk.js';

export type Table = Record<string, unknown>;
export const table = (value: unknown): Table => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Table) : {});

const TABLES = new Set(['package', 'lib', 'bin', 'example', 'test', 'bench', 'dependencies', 'dev-dependencies', 'build-dependencies', 'target', 'badges', 'features', 'lints', 'patch', 'replace', 'profile', 'workspace']);
// The tables whose keys are cargo's own names (below `target` each platform's table is one of them).
const OWN_KEYS = new Set(['package', 'lib', 'workspace']);

// ALLOW-LIST of `[lib]` keys (the Cargo book, "Cargo Targets"; red team R19-7: `crate-type = ["proc-macro"]` is a
// compiler plugin as much as `proc-macro = true`): another (`plugin`, a future key) is unmodelled.
const LIB_KEYS = new Set(['name', 'path', 'test', 'doctest', 'bench', 'doc', 'proc-macro', 'harness', 'edition', 'crate-type', 'required-features', 'doc-scrape-examples']);

// Whether a `[lib]` table (cargo's spelling) makes a crate that runs inside the compiler: either spelling.
export function isProcMacro(lib: Table): boolean {
  const types = lib['crate-type'];
  return lib['proc-macro'] === true || (Array.isArray(types) ? types : [types]).some((one) => typeof one === 'string' && one.replaceAll('_', '-') === 'proc-macro');
}

const dashed = (data: Table): Table => Object.fromEntries(Object.entries(data).map(([key, value]) => [key.replaceAll('_', '-'), value]));

// The manifest's tables in cargo's spelling; `why`: what codeward cannot model in it.
export function normalManifest(data: Table): { data: Table; why?: string } {
  const top = dashed(data);
  if (top['project'] !== undefined && top['package'] === undefined) top['package'] = top['project'];
  delete top['project'];
  for (const key of OWN_KEYS) if (top[key] !== undefined) top[key] = dashed(table(top[key]));
  if (top['target'] !== undefined) top['target'] = Object.fromEntries(Object.entries(table(top['target'])).map(([cfg, one]) => [cfg, dashed(table(one))]));
  const unknown = Object.keys(top).find((key) => !TABLES.has(key));
  if (unknown !== undefined) return { data: top, why: `\`${unknown}\` (a manifest key codeward does not model)` };
  const lib = Object.keys(table(top['lib'])).find((key) => !LIB_KEYS.has(key));
  return lib === undefined ? { data: top } : { data: top, why: `\`[lib] ${lib}\` (a library key codeward does not model)` };
}

// The manifest at `path`, or undefined (the line made unmodelled) when it does not parse; an unknown table makes
// the line unmodelled too.
export function readManifest(walk: Walk, path: string): Table | undefined {
  let parsed: Table;
  try {
    parsed = parseToml(read(walk, path) ?? '') as Table;
  } catch {
    walk.unmodeled ??= `cargo reads ${relative(walk.top, path)}, which does not parse`;
    return undefined;
  }
  const { data, why } = normalManifest(parsed);
  if (why !== undefined) walk.unmodeled ??= `cargo reads ${relative(walk.top, path)}: ${why}`;
  return data;
}
