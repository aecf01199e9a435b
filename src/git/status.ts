// Parser for `git status --porcelain=v2 --branch -z` (paths are exact: no quoting, spaces and newlines kept).

export type StatusKind = 'changed' | 'renamed' | 'copied' | 'unmerged' | 'untracked' | 'ignored';

export interface StatusEntry {
  // Work-tree-relative path (the new path of a rename or copy).
  path: string;
  // The path before a rename or copy.
  origPath?: string;
  // Index (staged) and work tree status letters as porcelain v2 writes them: '.' unmodified,
  // M modified, T type changed, A added, D deleted, R renamed, C copied, U unmerged, '?' untracked, '!' ignored.
  index: string;
  worktree: string;
  kind: StatusKind;
}

export interface BranchInfo {
  // The branch checked out; null when HEAD is detached.
  head: string | null;
  // The commit HEAD points at; null before the first commit.
  oid: string | null;
  upstream?: string;
  ahead?: number;
  behind?: number;
  detached: boolean;
}

export interface ParsedStatus {
  branch: BranchInfo;
  entries: StatusEntry[];
}

// The first `count` space-separated fields of a record, and the rest (the path, which may hold spaces).
function fields(record: string, count: number): { head: string[]; rest: string } | undefined {
  const head: string[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    const space = record.indexOf(' ', at);
    if (space < 0) return undefined;
    head.push(record.slice(at, space));
    at = space + 1;
  }
  return { head, rest: record.slice(at) };
}

function parseHeader(line: string, branch: BranchInfo): void {
  const [key, ...values] = line.slice(2).split(' ');
  const value = values.join(' ');
  if (key === 'branch.oid') branch.oid = value === '(initial)' ? null : value;
  else if (key === 'branch.head') {
    branch.detached = value === '(detached)';
    branch.head = branch.detached ? null : value;
  } else if (key === 'branch.upstream') branch.upstream = value;
  else if (key === 'branch.ab') {
    const match = /^\+(\d+) -(\d+)$/.exec(value);
    if (match) {
      branch.ahead = Number(match[1]);
      branch.behind = Number(match[2]);
    }
  }
}

export function parsePorcelainV2(stdout: string): ParsedStatus {
  const branch: BranchInfo = { head: null, oid: null, detached: false };
  const entries: StatusEntry[] = [];
  const records = stdout.split('\0');
  // Everything after the last NUL is '' (complete) or a record cut by the cap; a rename whose
  // original path was cut is skipped below.
  records.pop();
  for (let index = 0; index < records.length; index += 1) {
    const record = records[index]!;
    if (record.startsWith('# ')) {
      parseHeader(record, branch);
      continue;
    }
    const type = record[0];
    if (type === '?' || type === '!') {
      const path = record.slice(2);
      const letter = type;
      entries.push({ path, index: letter, worktree: letter, kind: type === '?' ? 'untracked' : 'ignored' });
    } else if (type === '1') {
      const parsed = fields(record, 8);
      if (!parsed) continue;
      const xy = parsed.head[1] ?? '..';
      entries.push({ path: parsed.rest, index: xy[0] ?? '.', worktree: xy[1] ?? '.', kind: 'changed' });
    } else if (type === '2') {
      const parsed = fields(record, 9);
      const origPath = records[index + 1];
      index += 1;
      if (!parsed || origPath === undefined) continue;
      const xy = parsed.head[1] ?? '..';
      const score = parsed.head[8] ?? '';
      entries.push({ path: parsed.rest, origPath, index: xy[0] ?? '.', worktree: xy[1] ?? '.', kind: score.startsWith('C') ? 'copied' : 'renamed' });
    } else if (type === 'u') {
      const parsed = fields(record, 10);
      if (!parsed) continue;
      const xy = parsed.head[1] ?? 'UU';
      entries.push({ path: parsed.rest, index: xy[0] ?? 'U', worktree: xy[1] ?? 'U', kind: 'unmerged' });
    }
  }
  return { branch, entries };
}

// The two letters of `git status --short` for an entry.
export function shortCode(entry: StatusEntry): string {
  if (entry.kind === 'untracked') return '??';
  if (entry.kind === 'ignored') return '!!';
  const letter = (value: string): string => (value === '.' ? ' ' : value);
  return `${letter(entry.index)}${letter(entry.worktree)}`;
}

// `## main...origin/main [ahead 1, behind 2]` as `git status --short --branch` prints it.
export function branchLine(branch: BranchInfo): string {
  if (branch.detached) return '## HEAD (no branch)';
  const name = branch.head ?? 'HEAD';
  if (branch.oid === null) return `## No commits yet on ${name}`;
  let line = `## ${name}`;
  if (branch.upstream !== undefined) {
    line += `...${branch.upstream}`;
    const parts: string[] = [];
    if (branch.ahead) parts.push(`ahead ${branch.ahead}`);
    if (branch.behind) parts.push(`behind ${branch.behind}`);
    if (parts.length > 0) line += ` [${parts.join(', ')}]`;
  }
  return line;
}
