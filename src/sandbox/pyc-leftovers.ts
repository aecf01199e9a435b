import { join } from 'node:path';
import { statQuiet } from '../files/stat-quiet.js';
import { isObeyedLater, type ObeyedContext } from '../permissions/obeyed.js';
import { readHeadBeneath } from '../workspace/own-read-sync.js';

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

// Why the pyc at `rel` (relative to each of `roots`; its bytes are the first root's) is not Python's own cache of
// `source` (looked up in `roots`, first found); undefined when it is. The pyc is read on codeward's own behalf
// through the jail of its root (workspace/own-read-sync.ts, red team stop 43): Python writes a pyc as a regular
// file (an atomic rename), never a link or a FIFO, so a `x.pyc` that is a link (to /etc/passwd, to a file
// outside), lies under a linked folder, or is a FIFO (whose open would block the run's after-check) is not
// Python's: moved aside, and nothing outside the root is opened. The source is stat'ed as Python stats it
// (following links: a stat reads no bytes and never blocks).
export function pycMismatch(rel: string, source: string, roots: readonly string[]): string | undefined {
  if (!/(?:^|\/)__pycache__\/[^/]+\.pyc$/i.test(rel)) return 'Python 3 never writes a legacy .pyc or .pyo, and imports one as the module when the .py is gone';
  const bytes = roots[0] === undefined ? undefined : readHeadBeneath(roots[0], join(roots[0], rel), HEADER);
  if (bytes === undefined) return 'it is not a regular file of its own (a link, a FIFO, a folder, or under a linked folder), as Python writes every pyc';
  if (bytes.length < HEADER || bytes[2] !== 0x0d || bytes[3] !== 0x0a) return 'its header is not a pyc header';
  if (bytes.readUInt32LE(4) !== 0) return 'it is a hash-based pyc (an unchecked one runs whatever the source says)';
  const stats = roots.map((root) => statQuiet(join(root, source))).find((each) => each !== undefined);
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
  return pycMismatch(rel, source, [staged.slice(0, -rel.length), root]) === undefined;
}
