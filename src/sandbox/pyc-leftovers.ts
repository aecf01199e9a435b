import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isObeyedLater, type ObeyedContext } from '../permissions/obeyed.js';

// Python bytecode a sandboxed run leaves (red team R17-15). Python writes `__pycache__/*.pyc` itself in every
// ordinary run (pytest, an import, pip compiling what it installs): moving those aside after each run would
// cost every run its cache and litter the tree, so a pyc is kept when its header says Python made it from the
// source as it stands (a timestamp pyc whose recorded mtime and size are the source's: importlib's
// _validate_timestamp_pyc). One that does not match is moved aside: a hash-based pyc (an unchecked one runs
// whatever the source says; a checked one is not verified here: Python writes those only when asked), a pyc
// with no source beside it, a legacy `N.pyc`/`N.pyo` (Python 3 never writes one; without N.py it is the module).
// Kept is NOT proven made by Python: a process that writes a pyc whose header matches the source leaves code
// the source does not show (it ran in the sandbox, and the write tools ask for such a file: obeyed.ts).

const HEADER = 16;

function header(path: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buffer = Buffer.alloc(HEADER);
    return readSync(fd, buffer, 0, HEADER, 0) === HEADER ? buffer : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

// Why the pyc at `rel` (workspace-relative; its bytes at `file`) is not Python's own cache of `source` (looked up
// in `roots`, first found); undefined when it is.
export function pycMismatch(rel: string, file: string, source: string, roots: readonly string[]): string | undefined {
  if (!/(?:^|\/)__pycache__\/[^/]+\.pyc$/i.test(rel)) return 'Python 3 never writes a legacy .pyc or .pyo, and imports one as the module when the .py is gone';
  const bytes = header(file);
  if (bytes === undefined || bytes[2] !== 0x0d || bytes[3] !== 0x0a) return 'its header is not a pyc header';
  if (bytes.readUInt32LE(4) !== 0) return 'it is a hash-based pyc (an unchecked one runs whatever the source says)';
  const stats = roots.map((root) => statSync(join(root, source), { throwIfNoEntry: false })).find((each) => each !== undefined);
  if (stats === undefined) return `${source} is not there`;
  // Python compares int(st_mtime) and st_size, each cut to 32 bits.
  const mtime = Number(BigInt(Math.trunc(stats.mtimeMs / 1000)) & 0xffffffffn);
  const size = Number(BigInt(stats.size) & 0xffffffffn);
  if (bytes.readUInt32LE(8) !== mtime || bytes.readUInt32LE(12) !== size) return `its header does not record ${source} as it stands (Python did not compile it from that file)`;
  return undefined;
}

// Whether a staged run's change at `rel` is a compiled cache kept as the in-place run keeps it (the stage's write
// gate, shell/stage/plan-gate.ts): its removal (Python rebuilds it), a cache whose source is not known
// (bootsnap), a pyc whose staged bytes (`staged`) Python made from the source as the run left it (the staged
// tree `stagedRoot`, else the workspace `root`). False: judged by the catalogue like any other path.
export function compiledKept(rel: string, ctx: ObeyedContext, removed: boolean, root: string, staged?: string): boolean {
  const source = isObeyedLater(rel, ctx)?.compiledFrom;
  if (source === undefined) return false;
  if (removed || source === '') return true;
  if (staged === undefined || !staged.endsWith(rel)) return false;
  return pycMismatch(rel, staged, source, [staged.slice(0, -rel.length), root]) === undefined;
}
