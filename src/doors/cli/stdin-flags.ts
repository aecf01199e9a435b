import { usageError } from '../../engine/errors.js';
import type { CliIo } from '../io.js';

// The flags whose value `-` means "standard input" at the CLI door (write --content -, patch --diff -,
// as `git apply -` and `patch` read a diff): a large file or a diff from another program needs no
// quoting and no argv limit. Only a CLI-style call: a JSON call carries its text itself, so a "-" there is
// the one-character content it says.
const STDIN_FLAGS: ReadonlySet<string> = new Set(['--content', '--diff']);

// The argv with the value `-` of such a flag replaced by all of stdin (one flag per call).
export async function withStdinValues(rest: readonly string[], io: CliIo): Promise<readonly string[]> {
  const at: number[] = [];
  rest.forEach((token, index) => {
    if ((STDIN_FLAGS.has(token) && rest[index + 1] === '-') || [...STDIN_FLAGS].some((flag) => token === `${flag}=-`)) at.push(index);
  });
  if (at.length === 0) return rest;
  const names = at.map((index) => rest[index]!.replace(/=-$/, ''));
  if (at.length > 1) throw usageError(`${names.join(' and ')} both say "-", but standard input can be read once; pass one of them as text`);
  if (!io.readInput || io.prompt) throw usageError(`${names[0]!} - reads the text from standard input, which is ${io.prompt ? 'a terminal' : 'not available'} here; pipe it in (e.g. \`git diff | codeward patch --diff -\`) or pass the text itself`);
  const text = await io.readInput();
  const index = at[0]!;
  const joined = rest[index]!.endsWith('=-');
  return [...rest.slice(0, index), ...(joined ? [`${names[0]!}=${text}`] : [rest[index]!, text]), ...rest.slice(index + (joined ? 1 : 2))];
}
