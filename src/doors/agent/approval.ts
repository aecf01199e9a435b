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
export function permissionsFor(mode: ApprovalMode, person: Approver | undefined, cliRules: PermissionOptions['cliRules']): PermissionOptions {
  const base = cliRules ? { cliRules } : {};
  if (mode === 'yolo') return { ...base, yes: true, ...(person ? { approver: person } : {}) };
  if (mode === 'ask') return { ...base, yes: false, ...(person ? { approver: person } : {}) };
  const approver: Approver = async (request) => {
    if (isFileEdit(request.tool) && request.source !== 'immune') return 'once';
    if (person) return person(request);
    throw fail('C241', `${request.judged} needs approval (${request.reason}) and --approval-mode auto-edit approves only file edits; nobody can approve in a headless run: add --allow "${request.suggestion ?? request.tool}" or use --approval-mode yolo`);
  };
  return { ...base, yes: false, approver };
}
