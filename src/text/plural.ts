// "1 byte", "2 bytes", "0 files": a count with its noun in the right number. `plural` defaults to the
// noun plus "s"; irregular ones pass it ("1 match", "2 matches").
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}
