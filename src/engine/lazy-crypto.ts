import type * as Crypto from 'node:crypto';
import { createRequire } from 'node:module';

// node:crypto, loaded on first use: loading it (OpenSSL's bindings, the Web Crypto classes) costs a cold
// call ~4-6 ms of CPU, and a read or a sandboxed exec needs no random bytes and hashes only short keys
// (src/text/sha256.ts). A builtin's require is cached by Node, so each later call costs a map look-up.
const load = createRequire(import.meta.url);

export function nodeCrypto(): typeof Crypto {
  return load('node:crypto') as typeof Crypto;
}
