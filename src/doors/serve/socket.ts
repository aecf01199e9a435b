import { lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveFolder } from './folder.js';

export { serveFolder } from './folder.js';

type Env = Readonly<Record<string, string | undefined>>;

// One socket per workspace (its real path); short, as a socket path may hold only ~100 bytes. The name is
// a route, not a secret (the folder is private, and the engine answers from the call's own argv and folder):
// a 64-bit FNV-1a of the path's UTF-16 units, so the client of every warm call loads no node:crypto (~4 ms).
export function socketPath(env: Env, workspaceRoot: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let index = 0; index < workspaceRoot.length; index += 1) hash = BigInt.asUintN(64, (hash ^ BigInt(workspaceRoot.charCodeAt(index))) * 0x100000001b3n);
  return join(serveFolder(env), `${hash.toString(16).padStart(16, '0')}.sock`);
}

// The most bytes a socket path may have (sun_path holds 108 on Linux, 104 on macOS, with the closing NUL). A longer
// path is cut by the kernel: the server would listen at another name than the one it and its clients use (ci1: a
// server listened, then its chmod of the named path failed and it hung, listening, for ever).
export const SOCKET_PATH_BYTES = process.platform === 'darwin' ? 103 : 107;

// Why a warm engine cannot listen at `path` (too long), or undefined.
export function socketPathProblem(path: string): string | undefined {
  const bytes = Buffer.byteLength(path);
  return bytes <= SOCKET_PATH_BYTES ? undefined : `the socket path ${path} is ${bytes} bytes, more than a socket path may hold (${SOCKET_PATH_BYTES}); set XDG_RUNTIME_DIR (or CODEWARD_STATE_DIR) to a shorter folder`;
}

// The workspace a call names (the first -C/--workspace, else the current folder): which warm engine the
// call goes to. Only a route: the engine answers from the call's own argv, folder and environment.
export function callWorkspace(argv: readonly string[], cwd: string): string {
  const at = argv.findIndex((token) => token === '-C' || token === '--workspace');
  const path = resolve(cwd, (at >= 0 ? argv[at + 1] : undefined) ?? '.');
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

// Why `folder` may not hold a warm engine's socket (another user's, reachable by others, a symlink);
// undefined when it is private to this user.
export function folderProblem(folder: string): string | undefined {
  let info;
  try {
    info = lstatSync(folder);
  } catch {
    return `${folder} does not exist`;
  }
  if (!info.isDirectory()) return `${folder} is not a folder (a symlink or a file)`;
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid) return `${folder} belongs to uid ${info.uid}, not to this user (uid ${uid})`;
  if ((info.mode & 0o077) !== 0) return `${folder} is open to its group or to others (mode ${(info.mode & 0o777).toString(8)}; it must be 700)`;
  return undefined;
}

// The socket folder, created private when missing; a reason when it is not private.
export function ensureServeFolder(env: Env): { folder: string; problem?: string } {
  const folder = serveFolder(env);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch {
    // folderProblem names what is wrong
  }
  const problem = folderProblem(folder);
  return problem === undefined ? { folder } : { folder, problem };
}

// Whether `path` is a socket of this user (what a client may connect to).
export function ownSocket(path: string): boolean {
  try {
    const info = lstatSync(path);
    const uid = process.getuid?.();
    return info.isSocket() && (uid === undefined || info.uid === uid);
  } catch {
    return false;
  }
}
