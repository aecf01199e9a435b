// The order a diff over the screen's cap is shown in (red team R9-2): 299 trivial hunks (`echo line10` →
// `echo Line10`) came before the one line that mattered (`curl ... | sh` at line 2995), which the cap then
// counted as "… 2502 more diff lines not shown". When a diff does not fit, the hunks that add what runs
// or reaches out come first (commands that fetch, pipes to a shell, URLs, credentials, permission and
// exec bits, code execution), then the rest in file order; a note states the order, and the cap still
// counts every line left out. Files of a call are ranked the same way.

// An added line of one of these kinds ranks its hunk (or its file) first.
const RISKY: ReadonlyArray<RegExp> = [
  /\b(?:curl|wget|fetch|aria2c|nc|ncat|netcat|socat|scp|rsync|ssh|ftp|tftp)\b/,
  /\|\s*(?:sudo\s+)?(?:\S*\/)?(?:ba|da|z|k|fi|c|tc)?sh\b|\|\s*(?:\S*\/)?(?:python\d*|perl|ruby|node|php|lua|tclsh|pwsh|source)\b/,
  /\b[a-z][a-z0-9+.-]*:\/\/|\/dev\/(?:tcp|udp)\//i,
  /\b(?:eval|exec|system|spawn|popen|execSync|spawnSync|child_process|subprocess|os\.system|Runtime\.getRuntime|shell_exec|passthru)\b|`[^`]+`|\$\(/,
  /\b(?:chmod|chown|setcap|sudo|doas|su|crontab|base64|xxd|openssl)\b|\bumask\b/,
  /(?:passw(?:or)?d|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credential|\bauth(?:orization)?\b|BEGIN [A-Z ]*PRIVATE KEY|AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abpr]-)/i,
  /\b(?:rm|rmdir|unlink|shred|dd|mkfs\S*|truncate)\b\s+-?/,
  /"(?:pre|post)?(?:install|prepare|publish|pack|test|build|start)"\s*:/,
];

// Whether a diff line adds something of a risky kind.
export function addsRisk(line: string): boolean {
  if (!line.startsWith('+') || line.startsWith('+++')) return false;
  const text = line.slice(1);
  return RISKY.some((pattern) => pattern.test(text));
}

const WHAT = 'those that add commands, URLs, pipes to a shell, credentials or permission bits first, then the rest in file order';

// A file's hunks, risky ones first; the note says so when the order changed.
export function rankHunks(rel: string, hunks: readonly (readonly string[])[], notes: string[]): (readonly string[])[] {
  const risky = hunks.filter((hunk) => hunk.some(addsRisk));
  if (risky.length === 0 || risky.length === hunks.length) return [...hunks];
  const ranked = [...risky, ...hunks.filter((hunk) => !hunk.some(addsRisk))];
  if (ranked.some((hunk, index) => hunk !== hunks[index])) notes.push(`${rel}: hunks shown out of file order (see each @@ line): ${risky.length} of ${WHAT}`);
  return ranked;
}

// The files of a call whose diffs together exceed the cap, risky ones first; the note says so.
export function rankFiles<T extends { readonly lines: readonly string[] }>(files: readonly T[], notes: string[]): T[] {
  const risky = files.filter((file) => file.lines.some(addsRisk));
  if (risky.length === 0 || risky.length === files.length) return [...files];
  const ranked = [...risky, ...files.filter((file) => !file.lines.some(addsRisk))];
  if (ranked.some((file, index) => file !== files[index])) notes.push(`files shown out of order: ${risky.length} of ${WHAT.replace('those', 'the files')}`);
  return ranked;
}
