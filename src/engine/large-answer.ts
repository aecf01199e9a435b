// What the process runs before a call builds a large answer in memory (a listing of tens of thousands of entries),
// when the embedder set one: the CLI's bin lets V8's young generation grow to its full size at its first
// collection (src/bin/codeward.ts). Grown by halves from 1 MB, every scavenge on the way copies the entries built
// so far once more: a `tree` of 22,000 entries spent ~10 ms of its CPU so (issue 31). A library embedding the
// engine sets none and keeps its own flags; a call that builds no large answer loads no node:v8.
export const BEFORE_LARGE_ANSWER = Symbol.for('codeward.before-large-answer');

export async function beforeLargeAnswer(): Promise<void> {
  await (globalThis as Record<symbol, (() => Promise<void>) | undefined>)[BEFORE_LARGE_ANSWER]?.();
}
