import { fail } from '../../engine/errors.js';
import { KNOWN_EFFECTS, type ApprovalRequest, type ScopedApprover } from '../../permissions/index.js';
import type { PermissionOptions } from '../../setup.js';
import { EDITS, EDITS_AND_OWN_TESTS } from '../../agent/loop/own-tests.js';
import type { ApprovalMode } from './options.js';
import { shellWord } from '../../engine/shell-word.js';

// Edits that auto-edit approves: commands whose effect is a file write (not delete, clean, exec).
function isFileEdit(tool: string): boolean {
  return KNOWN_EFFECTS[tool.replace(/^@coder\s+/, '')] === 'write';
}

// The project's own tests (the detected runner, not a --cmd line: that is judged as a shell line), which
// auto-edit runs without asking when the OS sandbox confines them, as Codex's sandboxed auto mode does.
function isOwnTests(request: ApprovalRequest): boolean {
  return request.tool === '@coder test' && request.kind !== undefined && request.kind !== 'shell';
}

// A headless refusal addressed to the model: what it may still do, and what the person can pass.
function headlessRefusal(request: ApprovalRequest, mode: ApprovalMode, testsRun = false): Error {
  // In sandboxed auto-edit, the call that runs the tests without asking, in the model's JSON: a model refused
  // `exec "npm test"` or `test {"cmd": "pytest"}` otherwise stops testing (or says it could not).
  const can = mode === 'ask' ? 'reads and searches' : `reads, searches${testsRun ? EDITS_AND_OWN_TESTS : EDITS}`;
  const allow = request.suggestion ? `--allow ${shellWord(request.suggestion)}` : '';
  const rerun = request.source === 'immune'
    ? 'it is safety-immune: only a person in an interactive run can approve it'
    : [allow, mode === 'ask' ? '--approval-mode auto-edit (file edits, and tests when the OS sandbox is on)' : '', '--approval-mode yolo'].filter(Boolean).join(' or ');
  return fail('C241', `${request.judged} was not run: it needs approval (${request.reason}) and nobody can approve in this headless run. Go on with what runs without asking (${can}); if the task needs this call, say so in your final answer (the person can rerun with ${rerun})`);
}

// How an approval mode maps onto the engine's permission gate. Deny rules, the danger classifier
// (C242) and safety-immune paths are never bypassed: immune asks go to a person or are refused.
// auto-edit approves a file edit (and, inside the OS sandbox, the project's tests) only where nothing but
// the built-in default asks: an ask rule someone wrote (--ask, a policy file), a safety-immune path or an
// escalated session still needs a person, and headless (nobody to ask) that is a refusal, never a yes.
// `sandboxed` says whether exec and test run inside the OS sandbox (auto-edit runs the tests then).
export function permissionsFor(mode: ApprovalMode, person: ScopedApprover | undefined, cliRules: PermissionOptions['cliRules'], sandboxed: () => Promise<boolean> = async () => false): PermissionOptions {
  const base = cliRules ? { cliRules } : {};
  const fallback: ScopedApprover = person ?? (async (request) => {
    throw headlessRefusal(request, mode);
  });
  if (mode === 'yolo') return { ...base, yes: true, approver: fallback };
  if (mode === 'ask') return { ...base, yes: false, approver: fallback };
  const approver: ScopedApprover = async (request) => {
    if (request.source === 'default' && (isFileEdit(request.tool) || (isOwnTests(request) && (await sandboxed())))) return 'once';
    if (person) return person(request);
    throw headlessRefusal(request, mode, !isOwnTests(request) && (await sandboxed()));
  };
  return { ...base, yes: false, approver };
}
