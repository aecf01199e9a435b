import { fail } from '../../engine/errors.js';
import { KNOWN_EFFECTS, type Approver } from '../../permissions/index.js';
import type { PermissionOptions } from '../../setup.js';
import type { ApprovalMode } from './options.js';

// Edits that auto-edit approves: commands whose effect is a file write (not delete, clean, exec).
function isFileEdit(tool: string): boolean {
  return KNOWN_EFFECTS[tool.replace(/^@coder\s+/, '')] === 'write';
}

// How an approval mode maps onto the engine's permission gate. Deny rules, the danger classifier
// (C242) and safety-immune paths are never bypassed: immune asks go to a person or are refused.
// auto-edit approves a file edit only where nothing but the built-in default asks: an ask rule someone
// wrote (--ask, a policy file), a safety-immune path or an escalated session still needs a person, and
// headless (nobody to ask) that is a refusal, never a yes.
export function permissionsFor(mode: ApprovalMode, person: Approver | undefined, cliRules: PermissionOptions['cliRules']): PermissionOptions {
  const base = cliRules ? { cliRules } : {};
  if (mode === 'yolo') return { ...base, yes: true, ...(person ? { approver: person } : {}) };
  if (mode === 'ask') return { ...base, yes: false, ...(person ? { approver: person } : {}) };
  const approver: Approver = async (request) => {
    if (isFileEdit(request.tool) && request.source === 'default') return 'once';
    if (person) return person(request);
    const why = isFileEdit(request.tool)
      ? 'and --approval-mode auto-edit approves only file edits no rule or safety class asks about'
      : 'and --approval-mode auto-edit approves only file edits';
    const fix = request.source === 'immune' ? 'a person has to approve it (run interactively)' : `add --allow "${request.suggestion ?? request.tool}" or use --approval-mode yolo`;
    throw fail('C241', `${request.judged} needs approval (${request.reason}) ${why}; nobody can approve in a headless run: ${fix}`);
  };
  return { ...base, yes: false, approver };
}
