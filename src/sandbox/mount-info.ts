// This process's mounts as the kernel lists them (/proc/self/mountinfo), for judging where a folder's files really
// come from (mount-aliases.ts): a bind mount shows the folder of its filesystem it mounts (the root field), an overlay
// its layers (upperdir, lowerdir, lowerdir+, datadir+ in its options). Leaf module: no codeward import.
import { readFileSync } from 'node:fs';

export interface Mount {
  // major:minor of the filesystem: two mounts with the same one show the same files.
  readonly device: string;
  // The folder of that filesystem mounted here ('/' for a whole filesystem, the bound folder for a bind mount).
  readonly root: string;
  // Where it is mounted, in this process's view.
  readonly point: string;
  readonly type: string;
  // An overlay's layers as its mounter named them: the one written to, and the ones read below it.
  readonly upper: readonly string[];
  readonly lower: readonly string[];
}

// mountinfo escapes space, tab, newline and backslash (and, in options, comma and equals) as \ooo.
export const unescapeMount = (field: string): string => field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));

// An overlay's lowerdir list: layers split at ':'; a ':' the mounter escaped (`\:`, shown as `\134:`) is part of a name.
function layers(value: string): string[] {
  return value.split(/(?<!\\134):/).map((layer) => unescapeMount(layer.replaceAll('\\134:', ':')));
}

// One line: `ID PARENT MAJ:MIN ROOT POINT OPTIONS [OPTIONAL...] - TYPE SOURCE SUPER-OPTIONS`.
export function parseMountLine(line: string): Mount | undefined {
  const fields = line.split(' ');
  const dash = fields.indexOf('-', 6);
  if (dash < 0 || fields.length < dash + 3) return undefined;
  const upper: string[] = [];
  const lower: string[] = [];
  const type = fields[dash + 1]!;
  if (type === 'overlay') {
    for (const option of (fields[dash + 3] ?? '').split(',')) {
      const at = option.indexOf('=');
      const [name, value] = at < 0 ? [option, ''] : [option.slice(0, at), option.slice(at + 1)];
      if (name === 'upperdir') upper.push(unescapeMount(value));
      else if (name === 'lowerdir') lower.push(...layers(value));
      else if (name === 'lowerdir+' || name === 'datadir+') lower.push(unescapeMount(value));
    }
  }
  return { device: fields[2]!, root: unescapeMount(fields[3]!), point: unescapeMount(fields[4]!), type, upper, lower };
}

// Every mount of this process, read once per call; undefined when the kernel's list cannot be read (no /proc).
export function readMounts(): readonly Mount[] | undefined {
  let text: string;
  try {
    text = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return undefined;
  }
  return text.split('\n').flatMap((line) => parseMountLine(line) ?? []);
}
