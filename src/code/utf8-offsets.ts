// Tree-sitter's JavaScript binding counts positions in UTF-16 code units (JavaScript string indices);
// codeward's symbol ranges are byte offsets into the file's UTF-8 bytes. Converts one to the other.
export function utf8Offsets(text: string): (index: number) => number {
  if (Buffer.byteLength(text, 'utf8') === text.length) return (index) => index;
  const bytes = new Uint32Array(text.length + 1);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // A surrogate pair is 4 bytes: 2 counted at each half.
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdfff ? 2 : 3;
    bytes[index + 1] = bytes[index]! + size;
  }
  return (index) => bytes[Math.max(0, Math.min(index, text.length))]!;
}
