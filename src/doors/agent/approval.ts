import { fail } from '../../engine/errors.js';
import { KNOWN_EFFECTS, type ApprovalRequest, type ScopedApprover } from '../../permissions/index.js';
import type { PermissionOptions } from '../../setup.js';
import { EDITS, EDITS_AND_RUNS } from '../../agent/loop/own-tests.js';
import type { ApprovalMode } from './options.js';
import { shellWord } from '../../engine/shell-word.js';
import { IN_PLACE, NOT_YET, runsAProcess, type Containment, type Writes } from './contained.js';

// Edits that auto-edit approves: commands whose effect is a file write (not delete, clean, exec).
function isFileEdit(tool: string): boolean {
  return KNOWN_EFFECTS[tool.replace(/^@coder\s+/, '')] === 'write';
}

// A plain exec with the defaults: whether this session stages such runs in the sandbox at all (the hint
// names exec and test only then).
const PLAIN_RUN: ApprovalRequest = { judged: '@coder exec', tool: '@coder exec', reason: '', source: 'default', immune: null, options: [], suggestion: null };

// A headless refusal addressed to the model: why the call did not run unasked, what may still run, and what
// the person can pass. Every call it names is one this mode accepts.
function headlessRefusal(request: ApprovalRequest, mode: ApprovalMode, runs = false, why?: string): Error {
  const can = mode === 'ask' ? 'reads and searches' : `reads, searches${runs ? EDITS_AND_RUNS : EDITS}`;
  const allow = request.suggestion ? `--allow ${shellWord(request.suggestion)}` : '';
  const rerun = request.source === 'immune'
    ? 'it is safety-immune: only a person in an interactive run can approve it'
    : [allow, mode === 'ask' ? '--approval-mode auto-edit (file edits, and exec and test staged in the OS sandbox)' : '', '--approval-mode yolo'].filter(Boolean).join(' or ');
  const unasked = why ? `; it does not run unasked because ${why}` : '';
  return fail('C241', `${request.judged} was not run: it needs approval (${request.reason}) and nobody can approve in this headless run${unasked}. Go on with what runs without asking (${can}); if the task needs this call, say so in your final answer (the person can rerun with ${rerun})`);
}

// How an approval mode maps onto the engine's permission gate. Deny rules, the danger classifier
// (C242) and safety-immune paths are never bypassed: immune asks go to a person or are refused.
// auto-edit approves, where nothing but the built-in default asks, a file edit and an exec or test that
// `contained` says runs inside the OS sandbox with no network and its writes staged (undo takes them back,
// the write gate judges them), like Codex's workspace-write mode but reversible. An ask rule someone wrote
// (--ask, a policy file), a safety-immune command or an escalated session still needs a person, and
// headless (nobody to ask) that is a refusal, never a yes.
// `contained` says whether an exec or test runs contained (auto-edit); `writes`, for the person's question,
// whether its writes are staged or in place.
export function permissionsFor(mode: ApprovalMode, asked: ScopedApprover | undefined, cliRules: PermissionOptions['cliRules'], contained: Containment = NOT_YET, writes: Writes = IN_PLACE): PermissionOptions {
  const base = cliRules ? { cliRules } : {};
  const person: ScopedApprover | undefined = asked && (async (request) => asked(runsAProcess(request) ? { ...request, writes: await writes(request) } : request));
  const fallback: ScopedApprover = person ?? (async (request) => {
    throw headlessRefusal(request, mode);
  });
  if (mode === 'yolo') return { ...base, yes: true, approver: fallback };
  if (mode === 'ask') return { ...base, yes: false, approver: fallback };
  const approver: ScopedApprover = async (request) => {
    // Approved by the mode, not a person: unattended (its checkpoint never drops this session's steps, R5-1).
    if (request.source === 'default' && isFileEdit(request.tool)) return { answer: 'once', unattended: true };
    const why = request.source === 'default' && runsAProcess(request) ? await contained(request) : undefined;
    // Nobody approves it: the run gets every git folder read-only (H1, H2: git's writes are not staged).
    if (request.source === 'default' && runsAProcess(request) && why === undefined) return { answer: 'once', unattended: true };
    if (person) return person(request);
    // exec and test are named among what still runs only where this session stages them, and never to a
    // run refused for a rule or a safety class (its next spelling would be refused the same way).
    const runs = (!runsAProcess(request) || why !== undefined) && (await contained(PLAIN_RUN)) === undefined;
    throw headlessRefusal(request, mode, runs, why);
  };
  return { ...base, yes: false, approver };
}

// What the person typed that runs now (headless `-p /undo`): typing it was the approval, as at the terminal
// UI's prompt (a safety-immune path still is not approved this way).
export interface PersonTyping {
  command: string | null;
}

export function typedByPerson(permissions: PermissionOptions, typing: PersonTyping): PermissionOptions {
  const approver = permissions.approver;
  if (!approver) return permissions;
  return {
    ...permissions,
    approver: async (request) => (typing.command !== null && request.tool === `@coder ${typing.command}` && request.source !== 'immune' ? 'once' : approver(request)),
  };
}
