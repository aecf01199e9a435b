import { describe, expect, it } from 'vitest';
import { keyringFilter, localSocketFilter } from '../../src/sandbox/seccomp.js';

// The classic-BPF filter of a sandbox with the network on (red team R16-3), run here by a small interpreter of
// the five instructions it uses, for both processors: aarch64's program cannot run on this machine, and a
// wrong jump in either would let a unix socket through (or kill every process).

const AUDIT = { x86_64: 0xc000003e, aarch64: 0xc00000b7, i386: 0x40000003, arm: 0x40000028 };
const NR = { x86_64: { socket: 41, socketpair: 53, connect: 42, keyrings: [248, 249, 250] }, aarch64: { socket: 198, socketpair: 199, connect: 203, keyrings: [217, 218, 219] } };
const ALLOW = 'allow';
const KILL = 'kill';
const errno = (code: number): string => `errno ${code}`;

function run(filter: Buffer, arch: number, nr: number, args: readonly number[] = []): string {
  const data = Buffer.alloc(64);
  data.writeUInt32LE(nr, 0);
  data.writeUInt32LE(arch, 4);
  args.forEach((value, index) => data.writeUInt32LE(value >>> 0, 16 + 8 * index));
  let acc = 0;
  for (let pc = 0; pc < filter.length / 8; ) {
    const [code, jt, jf, k] = [filter.readUInt16LE(pc * 8), filter.readUInt8(pc * 8 + 2), filter.readUInt8(pc * 8 + 3), filter.readUInt32LE(pc * 8 + 4)];
    pc += 1;
    if (code === 0x20) acc = data.readUInt32LE(k);
    else if (code === 0x54) acc = (acc & k) >>> 0;
    else if (code === 0x15) pc += acc === k ? jt : jf;
    else if (code === 0x35) pc += acc >= k ? jt : jf;
    else if (code === 0x06) return k === 0x7fff0000 ? ALLOW : k === 0x80000000 ? KILL : (k & 0xffff0000) === 0x00050000 ? errno(k & 0xffff) : `ret ${k.toString(16)}`;
    else throw new Error(`unknown instruction ${code.toString(16)}`);
  }
  throw new Error('fell off the end of the program');
}

describe.each(['x86_64', 'aarch64'] as const)('the local-socket filter on %s', (arch) => {
  const filter = localSocketFilter(arch, 'LE');
  const native = AUDIT[arch];
  const nr = NR[arch];

  it('refuses unix sockets (EACCES) and every family but IPv4, IPv6 and netlink (EAFNOSUPPORT)', () => {
    expect(run(filter, native, nr.socket, [1, 1])).toBe(errno(13));
    expect(run(filter, native, nr.socket, [1, 2 | 0o2000000])).toBe(errno(13));
    for (const family of [2, 10, 16]) expect(run(filter, native, nr.socket, [family, 1])).toBe(ALLOW);
    // vsock (the hypervisor's host), AF_ALG, AF_PACKET, Bluetooth, TIPC, and a family number not known today.
    for (const family of [40, 38, 17, 31, 30, 99]) expect(run(filter, native, nr.socket, [family, 1])).toBe(errno(97));
  });

  it('keeps connected STREAM and SEQPACKET unix pairs (with their flags), refuses DGRAM and RAW pairs and other families', () => {
    for (const type of [1, 5, 1 | 0o2000000 | 0o4000, 5 | 0o2000000]) expect(run(filter, native, nr.socketpair, [1, type])).toBe(ALLOW);
    // A DGRAM pair could sendto() any abstract address; unix turns RAW into DGRAM.
    for (const type of [2, 3, 2 | 0o2000000]) expect(run(filter, native, nr.socketpair, [1, type])).toBe(errno(13));
    expect(run(filter, native, nr.socketpair, [30, 1])).toBe(errno(97));
  });

  it('answers ENOSYS to io_uring (it makes sockets without socket()), allows the rest, kills another ABI', () => {
    for (const call of [425, 426, 427]) expect(run(filter, native, call)).toBe(errno(38));
    expect(run(filter, native, nr.connect, [3])).toBe(ALLOW);
    for (const other of [AUDIT.i386, AUDIT.arm, AUDIT[arch === 'x86_64' ? 'aarch64' : 'x86_64']]) expect(run(filter, other, nr.socket, [2])).toBe(KILL);
  });
});

// Every run's filter (red team R37-a6): the kernel keyrings refused with the network on or off; without it, sockets
// and io_uring are the private network namespace's and stay allowed.
describe.each(['x86_64', 'aarch64'] as const)('the keyring rule on %s', (arch) => {
  const nr = NR[arch];
  it('add_key, request_key and keyctl answer ENOSYS in both filters', () => {
    for (const filter of [localSocketFilter(arch, 'LE'), keyringFilter(arch, 'LE')!]) for (const call of nr.keyrings) expect(run(filter, AUDIT[arch], call)).toBe(errno(38));
  });
  it('without the network: unix sockets, socketpairs and io_uring allowed, another ABI killed', () => {
    const filter = keyringFilter(arch, 'LE')!;
    expect(run(filter, AUDIT[arch], nr.socket, [1, 1])).toBe(ALLOW);
    expect(run(filter, AUDIT[arch], nr.socketpair, [1, 2])).toBe(ALLOW);
    expect(run(filter, AUDIT[arch], 425)).toBe(ALLOW);
    expect(run(filter, AUDIT.i386, nr.socket, [2])).toBe(KILL);
  });
  it('a processor not listed: no keyring filter (and no C210 without the network)', () => {
    expect(keyringFilter('riscv64', 'LE')).toBeUndefined();
  });
});

describe('processors the filter does not know', () => {
  it('x32 system calls (the x32 bit) answer ENOSYS on x86_64', () => {
    expect(run(localSocketFilter('x86_64', 'LE'), AUDIT.x86_64, 0x40000000 + 41, [1, 1])).toBe(errno(38));
  });

  it.each([
    ['riscv64', 'LE'],
    ['ppc64', 'BE'],
    ['aarch64', 'BE'],
  ])('%s (%s): the network is refused with a reason, never granted unfiltered', (arch, order) => {
    expect(() => localSocketFilter(arch, order)).toThrow(expect.objectContaining({ code: 'C210', message: expect.stringMatching(new RegExp(`--sandbox-network was asked for, but on this processor \\(${arch}.*local sockets.*run without --sandbox-network`)) }));
  });
});
