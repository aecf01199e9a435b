import type { ApprovalRequest } from './types.js';

// The approval question in plain words (issue 29): what runs or changes, where, and for exec and test
// whether its writes are staged or land in place; never rule syntax (`@coder exec …`, `exec?…`, `test .`).
// Every flag that changes the effect is named (THREAT-MODEL invariant 8): the folder, the timeout, the
// pattern; the "always" line below it shows the rule it saves, labelled as such.

const WRITES: Readonly<Record<NonNullable<ApprovalRequest['writes']>, string>> = {
  // An approved line that runs git alone writes git's folder in place (any other line, and a run nobody
  // approved, gets it read-only: shell/git-only-line.ts): undo takes back the files, not commits or refs.
  staged: 'staged (undo takes back its file changes, not git history)',
  'in place': 'in place (undo cannot take it back)',
};

// A line that runs git alone (RunPreview.gitHistory, red team R13-10).
const GIT_HISTORY = "git runs alone, so git's folder (.git) is writable: it writes git history (commits, branches, refs) that undo does not take back; the repository's hooks do not run";

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function runWords(request: ApprovalRequest, command: string, rest: string): string {
  const effect = request.effect ?? {};
  const dir = text(effect['dir']);
  const where = dir === undefined || dir === '.' ? 'in the workspace root' : `in ${dir}`;
  const pattern = text(effect['pattern']);
  // test: the line its runner will start, as the call's own dry run chose it (ApprovalPreview.runs).
  const line = request.line ?? request.preview?.runs?.command ?? (command === 'exec' ? rest : undefined);
  const what = command === 'exec' ? `run ${line}` : line !== undefined ? `run the tests with ${line}` : `run the project's tests${pattern ? ` matching ${pattern}` : ''}`;
  const timeout = typeof effect['timeout'] === 'number' ? `, stopped after ${effect['timeout']} s` : '';
  const git = request.preview?.runs?.gitHistory ? ` · ${GIT_HISTORY}` : '';
  return `${what} ${where}${timeout} · ${WRITES[request.writes ?? request.preview?.runs?.writes ?? 'in place']}${git}`;
}

export function questionWords(request: ApprovalRequest): string {
  const command = request.tool.replace(/^@coder\s+/, '');
  const rest = request.judged.startsWith(request.tool) ? request.judged.slice(request.tool.length).trim() : request.judged;
  if (command === 'exec' || command === 'test') return runWords(request, command, rest);
  // Other commands: the verb and what it names, as a person types it (`write src/a.ts`, `delete --recursive build`).
  return `${command}${rest === '' ? '' : ` ${rest}`}`;
}
