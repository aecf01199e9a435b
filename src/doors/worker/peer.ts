import { readFileSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';
import { networkInterfaces } from 'node:os';

// Who is at the other end of a local TCP connection (THREAT-MODEL H8: the iii engine the worker joins gets
// the jail's read and write functions, so it must be the user's own process). On Linux both ends of a
// connection inside this machine are rows of /proc/net/tcp (or tcp6), each with the uid that owns the socket;
// an accepted socket carries the uid of the process that listens. Elsewhere nothing tells, and the caller
// refuses a local engine unless the user vouches for it (--engine-trust).

export interface Endpoint {
  readonly address: string;
  readonly port: number;
}

// One connection as the worker sees it: its own end and the engine's.
export interface Ends {
  readonly local: Endpoint;
  readonly remote: Endpoint;
}

interface Row {
  readonly local: string;
  readonly remote: string;
  readonly uid: number;
}

// An address in one spelling for both tables: IPv4 dotted (also for IPv4-mapped IPv6), IPv6 as 32 hex digits.
function canonical(bytes: readonly number[]): string {
  const mapped = bytes.length === 16 && bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (bytes.length === 4 || mapped) return bytes.slice(-4).join('.');
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
}

function ipv6Bytes(address: string): number[] {
  const [head, tail] = address.split('::') as [string, string | undefined];
  const groups = (part: string | undefined): number[] => {
    if (!part) return [];
    return part.split(':').flatMap((group) => (isIPv4(group) ? group.split('.').map(Number) : [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]));
  };
  const front = groups(head);
  const back = groups(tail);
  const fill = tail === undefined ? [] : new Array<number>(16 - front.length - back.length).fill(0);
  return [...front, ...fill, ...back];
}

// An address as Node gives it ('127.0.0.1', '::1', '::ffff:127.0.0.1', 'fe80::1%eth0').
export function addressKey(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (isIPv6(bare)) return canonical(ipv6Bytes(bare));
  return bare;
}

// The kernel prints an address as 32-bit words in host order (little-endian on every Linux Node runs on).
function procAddress(hex: string): string {
  const bytes: number[] = [];
  for (let word = 0; word < hex.length; word += 8) {
    const chunk = hex.slice(word, word + 8);
    for (let at = 6; at >= 0; at -= 2) bytes.push(parseInt(chunk.slice(at, at + 2), 16));
  }
  return canonical(bytes);
}

const endpointKey = (address: string, port: number): string => `${address}:${port}`;

function procEndpoint(field: string): string {
  const [hex, port] = field.split(':') as [string, string];
  return endpointKey(procAddress(hex), parseInt(port, 16));
}

// The rows of /proc/net/tcp or tcp6 text (header line skipped; malformed lines ignored).
export function parseProcNetTcp(text: string): Row[] {
  const rows: Row[] = [];
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 8 || !/^[0-9A-Fa-f]+:[0-9A-Fa-f]{4}$/.test(fields[1] ?? '')) continue;
    rows.push({ local: procEndpoint(fields[1]!), remote: procEndpoint(fields[2]!), uid: Number(fields[7]) });
  }
  return rows;
}

// The text of this network namespace's TCP tables; undefined where the system has none (not Linux).
export function readTcpTables(): string[] | undefined {
  const texts = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((path) => {
    try {
      return [readFileSync(path, 'utf8')];
    } catch {
      return [];
    }
  });
  return texts.length === 0 ? undefined : texts;
}

// The uid owning the other end of the connection, found as the row whose own end is the connection's
// remote end and whose remote end is the connection's own end. null: the tables hold no such row (the
// other end is not a socket of this machine's namespace); undefined: no tables to look in.
export function peerUid(ends: Ends, tables: string[] | undefined = readTcpTables()): number | null | undefined {
  if (tables === undefined) return undefined;
  const own = endpointKey(addressKey(ends.local.address), ends.local.port);
  const theirs = endpointKey(addressKey(ends.remote.address), ends.remote.port);
  for (const text of tables) {
    const row = parseProcNetTcp(text).find((entry) => entry.local === theirs && entry.remote === own);
    if (row !== undefined) return row.uid;
  }
  return null;
}

// Whether an address is this machine's: loopback (127/8, ::1) or an address of one of its interfaces.
export function isLocalAddress(address: string): boolean {
  const key = addressKey(address);
  if (key.startsWith('127.') || key === `${'0'.repeat(31)}1`) return true;
  return Object.values(networkInterfaces()).some((list) => (list ?? []).some((entry) => addressKey(entry.address) === key));
}
