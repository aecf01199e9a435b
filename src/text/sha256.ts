// SHA-256 (FIPS 180-4) of a short string's UTF-8 bytes, as hex: the same digest node:crypto gives, without
// loading node:crypto (~4-6 ms of a cold call's CPU, src/engine/lazy-crypto.ts). For the names every call
// computes (the state folder's and the trust record's, from the workspace root; the sandbox's clean git config
// copy, from its text): the same names as before. A file's bytes go through node:crypto.
// The round constants and the initial hash: the first 32 bits of the fractional parts of the cube roots of the
// first 64 primes, and of the square roots of the first 8 (computed: as literals they were ~0.7 KB of every cold
// call's code; the test checks the digests against node:crypto's).
const PRIMES: number[] = [];
for (let n = 2; PRIMES.length < 64; n++) if (PRIMES.every((p) => n % p !== 0)) PRIMES.push(n);
const fraction = (x: number): number => ((x - Math.floor(x)) * 0x1_0000_0000) >>> 0;
const K = Uint32Array.from(PRIMES, (p) => fraction(Math.cbrt(p)));
const INITIAL = PRIMES.slice(0, 8).map((p) => fraction(Math.sqrt(p)));

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

// The message padded to whole 64-byte blocks: a 1 bit, zeros, and its length in bits (big-endian).
function padded(text: string): DataView {
  const bytes = new TextEncoder().encode(text);
  const length = Math.ceil((bytes.length + 9) / 64) * 64;
  const block = new Uint8Array(length);
  block.set(bytes);
  block[bytes.length] = 0x80;
  const view = new DataView(block.buffer);
  view.setUint32(length - 8, Math.floor(bytes.length / 0x20000000));
  view.setUint32(length - 4, (bytes.length * 8) >>> 0);
  return view;
}

export function sha256Hex(text: string): string {
  const view = padded(text);
  const h = [...INITIAL];
  const w = new Uint32Array(64);
  for (let offset = 0; offset < view.byteLength; offset += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(offset + t * 4);
    for (let t = 16; t < 64; t++) {
      const [a, b] = [w[t - 15]!, w[t - 2]!];
      w[t] = (w[t - 16]! + (rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)) + w[t - 7]! + (rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10))) >>> 0;
    }
    // v: a..h of the standard; each round shifts them down one and sets a and e anew.
    const v = h.slice();
    for (let t = 0; t < 64; t++) {
      const [a, b, c, d, e, f, g, hh] = v as [number, number, number, number, number, number, number, number];
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t]! + w[t]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      v.pop();
      v.unshift((t1 + t2) >>> 0);
      v[4] = (d + t1) >>> 0;
    }
    for (let i = 0; i < 8; i++) h[i] = (h[i]! + v[i]!) >>> 0;
  }
  return h.map((value) => value.toString(16).padStart(8, '0')).join('');
}
