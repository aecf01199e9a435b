// Keeps the head and the tail of a long text with a marker in between, cut on line boundaries when
// one is near, so the model sees how output starts and how it ends (where errors usually are).
export function truncateMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const half = Math.floor(max / 2);
  let head = text.slice(0, half);
  let tail = text.slice(text.length - half);
  const headBreak = head.lastIndexOf('\n');
  if (headBreak > half * 0.8) head = head.slice(0, headBreak + 1);
  const tailBreak = tail.indexOf('\n');
  if (tailBreak >= 0 && tailBreak < half * 0.2) tail = tail.slice(tailBreak + 1);
  const omitted = text.length - head.length - tail.length;
  return `${head}\n[... ${omitted} characters omitted ...]\n${tail}`;
}
