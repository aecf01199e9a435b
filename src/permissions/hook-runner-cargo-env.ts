// A cargo configuration's `[env]` table (red team 19 F6: `X = "--cfg tokio_unstable"` was read as the C driver's
// words, so every configuration setting a flag-like value obeyed the whole tree). The Cargo book, "Configuration",
// `[env]`: `NAME = "value"` or `NAME = { value = "…", force = true, relative = true }`; cargo sets it for the
// processes it runs (build scripts, rustc, `cargo run`/`cargo test` binaries), as written, or with `relative`, joined
// to the folder holding `.cargo` (the whole value: `PATH = { value = "tools:/usr/bin", relative = true }` is
// `/ws/tools:/usr/bin`, two PATH entries). What the value names depends on what reads NAME (cargo-env-names.ts):
// flags and programs are read as their programs' words (hook-runner-cargo-flags.ts envWords), a loader's entries
// and path names are obeyed, data is free unless spelled like a path. Any other form is not understood.
// A value as written (not `relative`) is found by each reading program from the folder it runs in (cargo22 row 1):
// a build script and a test binary run in their package's folder, rustc and the linker in the workspace's root,
// `cargo run` in the person's folder; the configuration applies to cargo run in its folder or any folder below. So a
// relative name is found from the folder holding `.cargo`, each folder above it (a workspace root), and every folder
// below it (`below`: the packages built there).
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { belowGlob } from './below-glob.js';
import { envKind } from './cargo-env-names.js';
import { envWords } from './hook-runner-cargo-flags.js';

const KEYS = new Set(['value', 'force', 'relative']);

// Obeys a relative path from every folder below (and at) `at`: a picomatch glob below `at` (cargo-config-obeyed.ts,
// hook-runner-cargo-config.ts place it).
export type Below = (at: string, glob: string) => void;

// A python interpreter of an environment (`py/bin/python3`): it starts from the environment's pyvenv.cfg and
// site-packages (pyo3's build probe runs PYO3_PYTHON: cargo22 row 4), so the environment is obeyed whole.
const INTERPRETER = /(?:^|\/)(?:bin|Scripts)\/(?:python|pypy)[\d.]*(?:\.exe)?$/;

// `bases`: the folder holding `.cargo` (what `relative` values are below), then the other folders the programs run
// in; `below`: where to obey a relative name found from the folders below the first base.
export function envTable(env: unknown, bases: readonly string[], obey: (path: string) => void, fail: (why: string) => void, below?: Below): void {
  if (env === undefined) return;
  if (typeof env !== 'object' || env === null || Array.isArray(env)) return fail('`[env]` is not a table');
  const folder = bases[0]!;
  for (const [name, entry] of Object.entries(env)) {
    const spec = typeof entry === 'string' ? { value: entry } : typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? (entry as Record<string, unknown>) : {};
    const value = spec['value'];
    if (typeof value !== 'string' || Object.keys(spec).some((key) => !KEYS.has(key))) {
      fail(`\`[env] ${name}\` (a form codeward does not model)`);
      continue;
    }
    const joined = spec['relative'] === true;
    // The folder holding `.cargo` or one above it names the project (`CARGO_WORKSPACE_DIR = { value = "", relative
    // = true }`), not a program; only a loader's entry (PATH) loads from it.
    const loader = envKind(name) === 'loader';
    const project = (path: string): boolean => joined && !loader && !relative(path, folder).startsWith('..');
    const text = joined ? resolve(folder, value) : value;
    if (joined && !project(text)) obey(text);
    const named = envWords(name, text);
    if (named.unknown !== undefined) fail(`\`[env] ${name} = "${value}"\` holds \`${named.unknown}\` (an option form codeward cannot read)`);
    for (const path of named.paths) {
      const env = INTERPRETER.exec(path) === null ? [] : [dirname(dirname(path))];
      for (const one of [path, ...env]) {
        if (isAbsolute(one)) {
          if (!project(one)) obey(one);
          continue;
        }
        for (const base of bases) obey(resolve(base, one));
        for (let up = dirname(folder); up !== dirname(up); up = dirname(up)) obey(resolve(up, one));
        if (below !== undefined) {
          const { at, glob } = belowGlob(folder, one);
          below(at, glob);
        }
      }
    }
  }
}
