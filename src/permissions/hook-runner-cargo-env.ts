// A cargo configuration's `[env]` table (red team 19 F6: `X = "--cfg tokio_unstable"` was read as the C driver's
// words, so every configuration setting a flag-like value obeyed the whole tree). The Cargo book, "Configuration",
// `[env]`: `NAME = "value"` or `NAME = { value = "…", force = true, relative = true }`; cargo sets it for the
// processes it runs (build scripts, rustc, `cargo run`/`cargo test` binaries), as written, or with `relative`, as a
// path below the folder holding `.cargo`. What the value names depends on what reads NAME (cargo-env-names.ts):
// flags and programs are read as their programs' words (hook-runner-cargo-flags.ts envWords), a loader's entries
// and path names are obeyed, data is free unless spelled like a path. Any other form is not understood.
import { relative, resolve } from 'node:path';
import { envKind } from './cargo-env-names.js';
import { envWords } from './hook-runner-cargo-flags.js';

const KEYS = new Set(['value', 'force', 'relative']);

// `bases`: the folder holding `.cargo` (what `relative` values are below), then the other folders the programs run in.
export function envTable(env: unknown, bases: readonly string[], obey: (path: string) => void, fail: (why: string) => void): void {
  if (env === undefined) return;
  if (typeof env !== 'object' || env === null || Array.isArray(env)) return fail('`[env]` is not a table');
  for (const [name, entry] of Object.entries(env)) {
    const spec = typeof entry === 'string' ? { value: entry } : typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? (entry as Record<string, unknown>) : {};
    const value = spec['value'];
    if (typeof value !== 'string' || Object.keys(spec).some((key) => !KEYS.has(key))) {
      fail(`\`[env] ${name}\` (a form codeward does not model)`);
      continue;
    }
    if (spec['relative'] === true) {
      // The folder holding `.cargo` or one above it names the project (`CARGO_WORKSPACE_DIR = { value = "", relative
      // = true }`), not a program; only a loader's entry (PATH) loads from it.
      const path = resolve(bases[0]!, value);
      const up = relative(path, bases[0]!);
      if (envKind(name) === 'loader' || up.startsWith('..')) obey(path);
      continue;
    }
    const named = envWords(name, value);
    if (named.unknown !== undefined) fail(`\`[env] ${name} = "${value}"\` holds \`${named.unknown}\` (an option form codeward cannot read)`);
    for (const path of named.paths) for (const base of bases) obey(resolve(base, path));
  }
}
