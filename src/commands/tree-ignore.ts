// `tree --ignore`: loaded only when the flag is given.
import picomatch from '../workspace/picomatch.js';

// `" go , js ,, py ,"` → a test for the names go, js and py: trimmed, empty items dropped, each an exact
// name or a glob on the name; undefined when nothing is left.
export function ignoredNames(csv: string | undefined): ((name: string) => boolean) | undefined {
  const names = [...new Set((csv ?? '').split(',').map((item) => item.trim()).filter((item) => item !== ''))];
  if (names.length === 0) return undefined;
  const exact = new Set(names);
  const globs = names.filter((name) => /[*?[\]{}]/.test(name)).map((name) => picomatch(name, { dot: true }));
  return (name) => exact.has(name) || globs.some((matches) => matches(name));
}
