// Parser for `git log` with LOG_FORMAT: each commit starts with \x1e, fields are separated by NUL
// (neither can appear in a commit's header fields; the body, last, is taken whole).

export interface Commit {
  hash: string;
  shortHash: string;
  author: string;
  email: string;
  // Author date, strict ISO 8601 with the author's offset.
  date: string;
  subject: string;
  body?: string;
}

export const LOG_FORMAT = '--format=%x1e%H%x00%h%x00%an%x00%ae%x00%aI%x00%s%x00%b';

// eslint-disable-next-line no-control-regex -- the separators are control characters on purpose
const RECORD = /\x1e(?=[0-9a-f]{7,64}\x00)/;

// `complete` false (a capped stream) drops the last commit, which may have been cut.
export function parseLog(stdout: string, complete = true): Commit[] {
  const records = stdout.split(RECORD).slice(1);
  if (!complete) records.pop();
  const commits: Commit[] = [];
  for (const record of records) {
    const parts = record.split('\0');
    if (parts.length < 7) continue;
    const [hash, shortHash, author, email, date, subject] = parts as [string, string, string, string, string, string];
    const body = parts.slice(6).join('\0').replace(/\s+$/, '');
    commits.push({ hash, shortHash, author, email, date, subject, ...(body === '' ? {} : { body }) });
  }
  return commits;
}
