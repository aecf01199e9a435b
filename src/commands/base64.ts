import { fail } from '../engine/errors.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64_URL = /^[A-Za-z0-9_-]*={0,2}$/;

// Strict base64 (standard or URL alphabet, whitespace ignored); anything else is a C210, never garbage bytes.
export function decodeBase64(text: string, flag: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  const standard = BASE64.test(compact);
  if ((!standard && !BASE64_URL.test(compact)) || compact.replace(/=+$/, '').length % 4 === 1) {
    throw fail('C210', `${flag} is not valid base64; send plain text with --encoding text, or fix the encoding`);
  }
  return Buffer.from(compact, standard ? 'base64' : 'base64url');
}

// ChatCLI's `--encoding auto` (chatcli-behaviour.md §1.4): base64 only when the text is one unbroken word of
// the base64 alphabet, at least 4 characters, a multiple of 4 long, and decodes to valid UTF-8; else text.
export function looksBase64(text: string): boolean {
  if (text.length < 4 || text.length % 4 !== 0 || !BASE64.test(text)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(text, 'base64'));
    return true;
  } catch {
    return false;
  }
}
