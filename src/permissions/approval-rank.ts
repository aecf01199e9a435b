// The order a diff over the screen's cap is shown in (red team R9-2, R11-2): 299 trivial hunks came before
// the one line that mattered (`curl ... | sh` at line 2996); and when every trivial hunk also carried a
// decoy (a comment URL, `curl -s URL >/dev/null`, `echo x | sh`), a risky/not-risky ranking was file order
// again. Hunks (and files) are ranked by the strongest KIND of risk an added line holds: running a download
// or decoded text first, then credentials and privileges, code execution, writes and deletes, network
// commands, secret words, and a bare URL last; the rest in file order. The preview (approval-preview.ts)
// states the order and how many hunks of each kind the cap leaves out: never silently.

export interface RiskKind {
  // The hunks of this kind, as counted: "3 hunks with a download piped into a shell or run".
  readonly what: string;
  readonly test: RegExp;
}

const SHELL = String.raw`(?:sudo\s+)?(?:\S*\/)?(?:(?:ba|da|z|k|fi|c|tc)?sh|python\d*|perl|ruby|node|php|lua|tclsh|pwsh|source|\.)\b`;
const FETCH = String.raw`\b(?:curl|wget|fetch|aria2c|nc|ncat|netcat|socat|ftp|tftp|invoke-webrequest|iwr)\b`;

// Strongest first. A hunk's kind is the first that one of its added lines (or its continued lines) matches.
export const RISK_KINDS: readonly RiskKind[] = [
  { what: 'a download piped into a shell or run', test: new RegExp(String.raw`${FETCH}[^|;&]*\|\s*${SHELL}|(?:^|[\s;&|(])(?:${SHELL}|eval)\s*(?:<\(|"?\$\(|\x60)\s*${FETCH}|\/dev\/(?:tcp|udp)\/`, 'i') },
  { what: 'decoded text run (base64 -d, xxd -r, openssl enc -d)', test: new RegExp(String.raw`\b(?:base64\s+(?:-\w*d|--decode)|xxd\s+-\w*r|openssl\s+(?:enc|base64)\b[^|]*-d\b)[^|]*\|\s*${SHELL}|\beval\b.*\b(?:base64|xxd|openssl)\b`, 'i') },
  { what: 'text piped into a shell or interpreter', test: new RegExp(String.raw`\|\s*${SHELL}`) },
  { what: 'credentials read or held', test: /(?:~|\$HOME|\/root|\/home\/[^/\s]+)\/\.(?:ssh\/id_|aws\/credentials|netrc|git-credentials|docker\/config|kube\/config|npmrc|pypirc|gnupg)|\/etc\/(?:shadow|sudoers)|BEGIN [A-Z ]*PRIVATE KEY|AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abpr]-|\bid_(?:rsa|ed25519|ecdsa|dsa)\b/ },
  { what: 'privileges set (setuid, sudo, setcap, chown root, crontab)', test: /\bchmod\s+(?:-\w+\s+)*(?:[ugoa]*\+[rwxXt]*s|[2-7][0-7]{3}\b)|\b(?:setcap|sudo|doas|pkexec|su)\b|\bchown\s+(?:-\w+\s+)*(?:root|0)\b|\bcrontab\b|\bumask\b/ },
  { what: 'code run (eval, exec, system, a command substitution, an install script)', test: /\b(?:eval|exec|system|spawn|popen|execSync|spawnSync|child_process|subprocess|os\.system|Runtime\.getRuntime|shell_exec|passthru)\b|`[^`]+`|\$\(|"(?:pre|post)?(?:install|prepare|publish|pack|test|build|start)"\s*:/ },
  { what: 'files written or deleted (rm, dd, chmod, mv, a redirection)', test: /\b(?:rm|rmdir|unlink|shred|dd|mkfs\S*|truncate|chmod|chown|mv|tee|install|ln)\b\s+-?|(?:^|[\s;|&(])(?:\d?>{1,2}|&>)\s*(?!\/dev\/null\b|&)[\w~$./"'-]/ },
  { what: 'a network command (curl, wget, ssh ...)', test: /\b(?:curl|wget|fetch|aria2c|nc|ncat|netcat|socat|scp|rsync|ssh|ftp|tftp|base64|xxd|openssl)\b/ },
  { what: 'a password, token or key named', test: /(?:passw(?:or)?d|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credential|\bauth(?:orization)?\b)/i },
  { what: 'a URL', test: /\b[a-z][a-z0-9+.-]*:\/\//i },
];

// The kind of one added line's text, as an index into RISK_KINDS (-1: none).
function kindOfText(text: string): number {
  return RISK_KINDS.findIndex((kind) => kind.test.test(text));
}

const added = (line: string): boolean => line.startsWith('+') && !line.startsWith('+++');

// Whether a diff line adds something of a risky kind.
export function addsRisk(line: string): boolean {
  return added(line) && kindOfText(line.slice(1)) >= 0;
}

export interface RankedHunk {
  readonly lines: readonly string[];
  // The strongest kind an added line holds (-1: none), and that line's offset in `lines`.
  readonly kind: number;
  readonly key: number;
}

// A hunk's strongest kind; added lines continued with a backslash (`cu\` + `rl x|s\` + `h`) count joined too.
export function rankedHunk(lines: readonly string[]): RankedHunk {
  let kind = -1;
  let key = -1;
  const take = (found: number, at: number): void => {
    if (found >= 0 && (kind < 0 || found < kind)) [kind, key] = [found, at];
  };
  let joined = '';
  let start = -1;
  lines.forEach((line, at) => {
    if (!added(line)) {
      joined = '';
      return;
    }
    take(kindOfText(line.slice(1)), at);
    if (joined === '') start = at;
    joined += line.slice(1);
    if (joined.endsWith('\\')) joined = joined.slice(0, -1);
    else {
      if (start !== at) take(kindOfText(joined), start);
      joined = '';
    }
  });
  return { lines, kind, key };
}

// A stable sort of what holds a kind: strongest kind first, kindless ones last.
function byKind<T>(items: readonly T[], kind: (item: T) => number): T[] {
  const order = (item: T): number => (kind(item) < 0 ? RISK_KINDS.length : kind(item));
  return items.map((item, index) => ({ item, index })).sort((a, b) => order(a.item) - order(b.item) || a.index - b.index).map(({ item }) => item);
}

// "1 with a download piped into a shell or run, 299 with a URL".
function counted(kinds: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const kind of kinds) if (kind >= 0) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([kind, count]) => `${count} with ${RISK_KINDS[kind]!.what}`).join(', ');
}

// A file's hunks, the strongest kind first; the note says so when the order changed.
export function rankHunks(rel: string, hunks: readonly RankedHunk[], notes: string[]): RankedHunk[] {
  const ranked = byKind(hunks, (hunk) => hunk.kind);
  if (ranked.some((hunk, index) => hunk !== hunks[index])) notes.push(`${rel}: hunks shown out of file order (see each @@ line), the riskiest kind first: ${counted(hunks.map((hunk) => hunk.kind))}; then the rest in file order`);
  return ranked;
}

// The files of a call whose diffs together exceed the cap, the strongest kind first; the note says so.
export function rankFiles<T extends { readonly kind: number }>(files: readonly T[], notes: string[]): T[] {
  const ranked = byKind(files, (file) => file.kind);
  if (ranked.some((file, index) => file !== files[index])) notes.push(`files shown out of order, the riskiest kind first: ${counted(files.map((file) => file.kind))}; then the rest`);
  return ranked;
}

// The note for the hunks of each kind a cap left out (the call changes them too).
export function hiddenNote(kinds: readonly number[]): string | undefined {
  if (kinds.length === 0) return undefined;
  const counts = new Map<number, number>();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const parts = [...counts].sort(([a], [b]) => a - b).map(([kind, count]) => `${count} ${count === 1 ? 'hunk' : 'hunks'} with ${RISK_KINDS[kind]!.what}`);
  return `NOT SHOWN, changed by the call too: ${parts.join('; ')}`;
}
