// The last line of defence for a command line the parser could not fully read (syntax errors, limits):
// catastrophic patterns looked for in the text itself, quotes and backslashes removed. Only used when
// the parse was not ok, so its coarseness cannot block ordinary well-formed commands.
export interface TextHit {
  readonly rule: string;
  readonly reason: string;
}

const END = String.raw`(?=\s|$|[;&|)}])`;
const HOME_OR_ROOT = String.raw`(?:\/+\.?|\/\*|~\/?\*?|\$\{?HOME\}?\/?\*?)`;
const DISK = String.raw`\/dev\/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|rdisk\d)`;

// Rules marked `true` look for bare command words, which program text (`print("reboot")`) is full of;
// they are skipped for inline programs.
const RULES: ReadonlyArray<readonly [RegExp, string, boolean?]> = [
  [new RegExp(String.raw`\brm\s(?:[^;&|\n]*\s)?(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)\s(?:[^;&|\n]*\s)?${HOME_OR_ROOT}${END}`), 'recursive deletion of / or a home directory'],
  [new RegExp(String.raw`\brm\s(?:[^;&|\n]*\s)?${HOME_OR_ROOT}\s(?:[^;&|\n]*\s)?(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)${END}`), 'recursive deletion of / or a home directory'],
  [/--no-preserve-root/, 'rm with --no-preserve-root'],
  [new RegExp(String.raw`\bdd\b[^;&|\n]*\bof=${DISK}`), 'dd writing to a disk'],
  [/\b(?:mkfs(?:\.\w+)?|mke2fs|wipefs|sfdisk|fdisk|parted|blkdiscard)\b[^;&|\n]*\/dev\/(?!null\b)/, 'formatting or partitioning a disk'],
  [new RegExp(String.raw`>\s*${DISK}`), 'output redirected onto a disk'],
  [/(?:>|\btee\s(?:-\S+\s+)*)\s*\/(?:etc|boot|sys|proc)\//, 'writing into a system area'],
  [/([\w:.-]+)\s*\(\s*\)\s*\{[^}]*?(?:^|[^\w:.-])\1\s*\|\s*\1/, 'a fork bomb'],
  [/\b(?:curl|wget|fetch)\b[^\n]*\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:ba|z|da|k|fi)?sh\b/, 'a download piped into a shell'],
  [/\b(?:ba|z|da|k)?sh\s+<\(\s*(?:curl|wget)\b/, 'a download run by a shell'],
  [/(?:^|[;&|(`\s])(?:shutdown|reboot|poweroff|halt)(?=\s|$|[;&|)`])/, 'powering the machine off', true],
  [/\b(?:chmod|chown)\s(?:[^;&|\n]*\s)?-[a-zA-Z]*R[^;&|\n]*\s\/(?=\s|$)/, 'recursive permission change of /'],
  [/\bkill\s+(?:-\S+\s+)*-1\b/, 'kill -1 (every process)', true],
];

// `inline`: the text is a program for another language (python -c ...), not a command line.
export function textualHit(source: string, inline = false): TextHit | undefined {
  const text = source.replace(/['"\\]/g, '');
  for (const [pattern, reason, commandOnly] of RULES) {
    if (inline && commandOnly) continue;
    if (pattern.test(text)) return { rule: 'unparseable-destructive', reason: `the command could not be parsed and looks like ${reason}` };
  }
  return undefined;
}
