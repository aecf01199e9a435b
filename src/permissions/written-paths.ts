import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The place a written word names, as the kernel reaches it (red team R42-b3/b4, written-before.ts): every link
// followed, the LAST one too (`cp evil l2` with l2 -> ok.sh writes ok.sh), and `..` taken after the link before it
// (`/dev/fd/../../self/cwd/ok.sh` is the writer's own folder, not the /dev/self/cwd a lexical reading makes of it).
// undefined: the place cannot be bounded (a /proc or /dev spelling other than the run folder's, a `~` form other
// than `~+`: `~-` is OLDPWD, `~name` a home, `~` a HOME the line may set), so any path may be written.

// Device files a write never reaches a file through.
const DEVICES = /^\/dev\/(?:null|zero|tty|stdout|stderr|full|random|urandom)$/;

export function writtenPlace(dir: string, spelling: string): string | undefined {
  if (spelling.startsWith('~')) {
    if (spelling !== '~+' && !spelling.startsWith('~+/')) return undefined;
    return writtenPlace(dir, `.${spelling.slice(2)}`);
  }
  if (/^\/(?:proc|dev)(?:\/|$)/.test(spelling)) {
    if (DEVICES.test(spelling)) return spelling;
    // The writer's own folder (path-lookup.ts's procPlace), its `..` kept for the kernel's reading.
    const cwd = /^\/proc\/(?:self|thread-self)\/cwd(?=\/|$)/.exec(spelling);
    return cwd === null ? undefined : writtenPlace(dir, `.${spelling.slice(cwd[0].length)}`);
  }
  const raw = spelling.startsWith('/') ? spelling : `${dir}/${spelling}`;
  try {
    return realpathSync(raw);
  } catch {
    const cut = raw.lastIndexOf('/');
    try {
      return join(realpathSync(raw.slice(0, cut) || '/'), raw.slice(cut + 1));
    } catch {
      return resolve(raw);
    }
  }
}

// The full real path of a file read (its last link followed too), or the path when it does not exist.
export function fullReal(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
