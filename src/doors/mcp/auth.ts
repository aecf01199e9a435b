import { nodeCrypto } from '../../engine/lazy-crypto.js';
import { chmod, lstat, mkdir, open, readFile, realpath, rename, rm, stat } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { fail } from '../../engine/errors.js';
import { codewardCacheDir } from '../../files/session-store.js';

// Bearer-token authentication of `codeward mcp --http` (THREAT-MODEL invariant 7: every network
// listener requires a token). Any local process can reach 127.0.0.1; only one holding the token is served.

// Where a token can come from besides a generated one.
export const TOKEN_ENV = 'CODEWARD_MCP_TOKEN';
// A set token must be at least this long: 32 characters of any token alphabet carry well over 128 bits.
export const MIN_TOKEN_LENGTH = 32;
// RFC 6750 b64token characters (what may follow "Bearer ").
const TOKEN_CHARS = /^[A-Za-z0-9\-._~+/]+=*$/;

export interface TokenSource {
  readonly token: string;
  // Where the token came from, for the start-up log.
  readonly origin: 'generated' | 'env' | 'file';
  // Something the user should fix (a token file other users can read).
  readonly warning?: string;
}

function checkToken(token: string, where: string): string {
  if (token.length < MIN_TOKEN_LENGTH) throw fail('C210', `${where}: the token has ${token.length} characters; use at least ${MIN_TOKEN_LENGTH} (e.g. \`openssl rand -hex 32\`)`);
  if (!TOKEN_CHARS.test(token)) throw fail('C210', `${where}: the token may only hold the characters A-Z a-z 0-9 - . _ ~ + / (and trailing =), as a Bearer token must`);
  return token;
}

// The token for this start: --token-file, else $CODEWARD_MCP_TOKEN, else 32 random bytes (256 bits).
export async function chooseToken(tokenFile: string | undefined, env: Readonly<Record<string, string | undefined>>): Promise<TokenSource> {
  if (tokenFile !== undefined) {
    let text: string;
    try {
      text = await readFile(tokenFile, 'utf8');
    } catch (error) {
      throw fail('C210', `--token-file ${tokenFile}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); give a file holding the token on its first line`);
    }
    const token = checkToken((text.split(/\r?\n/)[0] ?? '').trim(), `--token-file ${tokenFile}`);
    const mode = (await stat(tokenFile)).mode & 0o777;
    const warning = (mode & 0o077) === 0 ? undefined : `--token-file ${tokenFile} has mode ${mode.toString(8).padStart(4, '0')}: other users may read the token; chmod 600 it`;
    return { token, origin: 'file', ...(warning ? { warning } : {}) };
  }
  const fromEnv = env[TOKEN_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return { token: checkToken(fromEnv.trim(), `$${TOKEN_ENV}`), origin: 'env' };
  return { token: nodeCrypto().randomBytes(32).toString('base64url'), origin: 'generated' };
}

// `<cache>/mcp/http-<port>.token`, mode 0600 in a 0700 folder, written to a fresh temporary file and renamed
// into place (a planted symlink at the final name is replaced, never followed). Never inside the workspace
// (`-C ~` contains ~/.cache): the tools and the sandboxed commands it serves could read it there.
export async function writeTokenFile(token: string, port: number, env: Readonly<Record<string, string | undefined>>, workspace: string): Promise<string> {
  const dir = join(codewardCacheDir({ env }), 'mcp');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const rel = relative(workspace, await realpath(dir));
  if (rel === '' || (!isAbsolute(rel) && rel.split('/')[0] !== '..')) {
    throw fail('C216', `the state folder ${dir} is inside the workspace; set CODEWARD_STATE_DIR to a folder outside it to get a token file`);
  }
  const info = await lstat(dir);
  if (!info.isDirectory()) throw fail('C216', `${dir} is not a folder (a symlink?); remove it so codeward can keep the MCP token there`);
  if (typeof process.getuid === 'function' && info.uid !== process.getuid()) throw fail('C216', `${dir} belongs to another user; remove it or set CODEWARD_STATE_DIR`);
  await chmod(dir, 0o700);
  const file = join(dir, `http-${port}.token`);
  const temp = join(dir, `.http-${port}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(`${token}\n`);
  } finally {
    await handle.close();
  }
  await rename(temp, file).catch(async (error: unknown) => {
    await rm(temp, { force: true });
    throw error;
  });
  return file;
}

export async function removeTokenFile(file: string): Promise<void> {
  await rm(file, { force: true });
}

const digest = (text: string): Buffer => nodeCrypto().createHash('sha256').update(text, 'utf8').digest();

export type AuthResult = 'ok' | 'missing' | 'invalid';

// Only the Authorization header counts (a token in the query string would end up in logs and histories).
// Digests of equal length are compared in constant time.
export function authenticate(req: IncomingMessage, expected: Buffer): AuthResult {
  const header = req.headers.authorization;
  if (header === undefined || header === '') return 'missing';
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match) return 'invalid';
  return nodeCrypto().timingSafeEqual(digest(match[1]!), expected) ? 'ok' : 'invalid';
}

export function tokenDigest(token: string): Buffer {
  return digest(token);
}
