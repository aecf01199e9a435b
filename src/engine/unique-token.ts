// A name no other live process of this host makes at the same time, for the files and lock tokens in
// codeward's own private (0700) state folders: the pid, the monotonic clock's nanoseconds and 32 random bits.
// Not a secret (nothing may depend on guessing it being hard), so no node:crypto: loading it costs a cold
// sandboxed exec ~4-6 ms of CPU (src/engine/lazy-crypto.ts). Lowercase hex and dashes only.
export function uniqueToken(): string {
  const random = Math.floor(Math.random() * 0x1_0000_0000).toString(16).padStart(8, '0');
  return `${process.pid.toString(16)}-${process.hrtime.bigint().toString(16)}-${random}`;
}
