import { endianness, machine } from 'node:os';
import { fail } from '../engine/errors.js';

// With the network on, a sandboxed run keeps the host's network namespace (bwrap.ts), and with it the host's
// ABSTRACT unix sockets (`@/tmp/.X11-unix/X0`, abstract D-Bus buses, any `\0name`): that namespace belongs
// to the network namespace, so the private /tmp and /run do not hide it (red team R16-3). seccomp cannot read
// the address a process connects to (it sees only registers), so the rule is on the socket's FAMILY, allowed
// by a list that fails closed: socket() makes IPv4, IPv6 and netlink sockets (getaddrinfo asks netlink which
// addresses exist) and nothing else: a unix socket answers EACCES, every other family (vsock to a hypervisor,
// AF_ALG, Bluetooth ...) EAFNOSUPPORT. socketpair() keeps its connected STREAM and SEQPACKET unix pairs (the
// pipes between processes of node, python's multiprocessing, ssh): such a socket cannot connect anywhere
// else, while a DGRAM pair could sendto() any abstract address, so it is refused. io_uring can make sockets
// beside socket() (IORING_OP_SOCKET): it answers ENOSYS, as on a kernel without it (libuv falls back).
// The filter is classic BPF (the kernel's, no native module): it is checked against the processor the kernel
// runs on; another ABI of the same machine (32-bit x86's socketcall, arm32) kills the process, x32 system
// calls answer ENOSYS; on a processor not listed here the network is refused with a reason (C210).
// Every run, the network on or off (red team R37-a6): the kernel's keyrings are a secret store outside the file
// system, kept per user namespace; a run in place (the jail, --no-stage) shares the host's user keyring (Kerberos
// credential caches, `keyctl padd` secrets, fscrypt keys) and could add keys that outlive it. add_key, request_key
// and keyctl answer ENOSYS, as on a kernel without keys (keyutils' callers fall back). Chosen over a fresh user
// namespace per run: the filter is a few instructions on an fd bwrap already reads with the network on, while a
// user namespace maps root to an unprivileged id (changing every file's owner inside) and costs its setup.
// Without the network the filter has only this rule (unix sockets stay usable inside: the network namespace is
// private); on a processor not listed here that run goes without it (no C210: the network is not asked for).

// The fd the wrapper reads the program from: the first after stdin, stdout and stderr (shell/run.ts gives
// a run's inputs on fd 3, 4, ...).
export const WRAPPER_INPUT_FD = 3;

interface Abi {
  readonly audit: number; // AUDIT_ARCH_*
  readonly socket: number;
  readonly socketpair: number;
  // add_key, request_key, keyctl.
  readonly keyrings: readonly number[];
  // x86-64's x32 system calls carry this bit in their number under the same AUDIT_ARCH.
  readonly x32Bit?: number;
}

// io_uring_setup, _enter, _register: the same numbers on every architecture since Linux 5.1.
const IO_URING = [425, 426, 427];

const ABIS: Readonly<Record<string, Abi>> = {
  x86_64: { audit: 0xc000003e, socket: 41, socketpair: 53, keyrings: [248, 249, 250], x32Bit: 0x40000000 },
  aarch64: { audit: 0xc00000b7, socket: 198, socketpair: 199, keyrings: [217, 218, 219] },
};

const AF_UNIX = 1;
const AF_INET = 2;
const AF_INET6 = 10;
const AF_NETLINK = 16;
const SOCK_STREAM = 1;
const SOCK_SEQPACKET = 5;
const SOCK_TYPE_MASK = 0xf;
const EACCES = 13;
const ENOSYS = 38;
const EAFNOSUPPORT = 97;

const RET_ALLOW = 0x7fff0000;
const RET_KILL_PROCESS = 0x80000000;
const retErrno = (errno: number): number => 0x00050000 | errno;

// struct seccomp_data: nr (u32), arch (u32), instruction_pointer (u64), args[6] (u64): the low half of
// args[i] on a little-endian machine (the kernel reads the int arguments from it).
const NR = 0;
const ARCH = 4;
const argLow = (index: number): number => 16 + 8 * index;

// Classic BPF, as the kernel's filter.h spells it.
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const AND_K = 0x54;
const RET_K = 0x06;

type Step =
  | { readonly op: 'load'; readonly offset: number }
  | { readonly op: 'and'; readonly mask: number }
  // Jumps to `to` (a label) when the accumulator compares true, else falls through.
  | { readonly op: 'jeq' | 'jge'; readonly value: number; readonly to: string }
  | { readonly op: 'ret'; readonly value: number }
  | { readonly op: 'label'; readonly name: string };

function assemble(steps: readonly Step[]): Buffer {
  const code = steps.filter((step) => step.op !== 'label');
  const labels = new Map<string, number>();
  let at = 0;
  for (const step of steps) {
    if (step.op === 'label') labels.set(step.name, at);
    else at += 1;
  }
  const out = Buffer.alloc(code.length * 8);
  code.forEach((step, index) => {
    let op: number;
    let jt = 0;
    let k: number;
    if (step.op === 'load') [op, k] = [LD_W_ABS, step.offset];
    else if (step.op === 'and') [op, k] = [AND_K, step.mask];
    else if (step.op === 'ret') [op, k] = [RET_K, step.value];
    else {
      const target = labels.get(step.to);
      // Jumps go forward only, at most 255 instructions (u8): checked, never truncated.
      if (target === undefined || target <= index || target - index - 1 > 255) throw new Error(`seccomp: bad jump to ${step.to}`);
      [op, k, jt] = [step.op === 'jeq' ? JEQ_K : JGE_K, step.value, target - index - 1];
    }
    out.writeUInt16LE(op, index * 8);
    out.writeUInt8(jt, index * 8 + 2);
    out.writeUInt8(0, index * 8 + 3);
    out.writeUInt32LE(k >>> 0, index * 8 + 4);
  });
  return out;
}

function program(abi: Abi, sockets: boolean): Buffer {
  const steps: Step[] = [
    { op: 'load', offset: ARCH },
    { op: 'jeq', value: abi.audit, to: 'native' },
    { op: 'ret', value: RET_KILL_PROCESS },
    { op: 'label', name: 'native' },
    { op: 'load', offset: NR },
    ...(abi.x32Bit === undefined ? [] : [{ op: 'jge', value: abi.x32Bit, to: 'nosys' } as const]),
    ...abi.keyrings.map((nr) => ({ op: 'jeq', value: nr, to: 'nosys' }) as const),
    ...(sockets
      ? ([{ op: 'jeq', value: abi.socket, to: 'socket' }, { op: 'jeq', value: abi.socketpair, to: 'pair' }, ...IO_URING.map((nr) => ({ op: 'jeq', value: nr, to: 'nosys' }) as const)] as const)
      : []),
    { op: 'ret', value: RET_ALLOW },
    { op: 'label', name: 'socket' },
    { op: 'load', offset: argLow(0) },
    { op: 'jeq', value: AF_INET, to: 'allow' },
    { op: 'jeq', value: AF_INET6, to: 'allow' },
    { op: 'jeq', value: AF_NETLINK, to: 'allow' },
    { op: 'jeq', value: AF_UNIX, to: 'denied' },
    { op: 'ret', value: retErrno(EAFNOSUPPORT) },
    { op: 'label', name: 'pair' },
    { op: 'load', offset: argLow(0) },
    { op: 'jeq', value: AF_UNIX, to: 'pairType' },
    { op: 'ret', value: retErrno(EAFNOSUPPORT) },
    { op: 'label', name: 'pairType' },
    { op: 'load', offset: argLow(1) },
    { op: 'and', mask: SOCK_TYPE_MASK },
    { op: 'jeq', value: SOCK_STREAM, to: 'allow' },
    { op: 'jeq', value: SOCK_SEQPACKET, to: 'allow' },
    { op: 'label', name: 'denied' },
    { op: 'ret', value: retErrno(EACCES) },
    { op: 'label', name: 'nosys' },
    { op: 'ret', value: retErrno(ENOSYS) },
    { op: 'label', name: 'allow' },
    { op: 'ret', value: RET_ALLOW },
  ];
  return assemble(steps);
}

// The filter for the processor the kernel runs on (uname -m), built when a run is prepared (a few dozen
// instructions). Throws C210 where it cannot be built: the network would then reach the host's local sockets.
export function localSocketFilter(arch: string = machine(), order: string = endianness()): Buffer {
  const abi = abiOf(arch, order);
  if (!abi) {
    throw fail('C210', `--sandbox-network was asked for, but on this processor (${arch}, ${order === 'LE' ? 'little' : 'big'}-endian) codeward cannot keep the sandbox away from this machine's local sockets (its seccomp filter knows ${Object.keys(ABIS).join(' and ')}): run without --sandbox-network, or outside the sandbox (--sandbox off) if a person accepts that`);
  }
  return program(abi, true);
}

// The filter of a run without the network: the keyrings only; undefined on a processor not listed.
export function keyringFilter(arch: string = machine(), order: string = endianness()): Buffer | undefined {
  const abi = abiOf(arch, order);
  return abi && program(abi, false);
}

function abiOf(arch: string, order: string): Abi | undefined {
  return Object.hasOwn(ABIS, arch) && order === 'LE' ? ABIS[arch] : undefined;
}
