import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/text/sha256.js';

// The state folder's, the trust record's and the clean git config copy's names keep the digest node:crypto gave
// them (a changed name would lose every workspace's undo journals and kept answers).
describe('sha256Hex', () => {
  const reference = (text: string): string => createHash('sha256').update(text).digest('hex');

  it('is node:crypto\'s SHA-256 at every length around the block and padding edges', () => {
    for (let length = 0; length <= 200; length++) {
      const text = 'abcdefghijklmnopqrstuvwxyz0123456789/'.repeat(6).slice(0, length);
      expect(sha256Hex(text), `length ${length}`).toBe(reference(text));
    }
  });

  it('hashes the UTF-8 bytes: multi-byte characters, NUL, a lone surrogate, a long text', () => {
    for (const text of ['/home/zoë/项目', 'a\0b', '🦀/x', '\ud800', '/tmp/'.repeat(5000), `[core]\n\teditor = vi\n`]) {
      expect(sha256Hex(text)).toBe(reference(text));
    }
  });

  it('gives the known digest of "abc"', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
