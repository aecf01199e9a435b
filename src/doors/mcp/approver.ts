import type { ApprovalAnswer, ApprovalRequest, Approver } from '../../permissions/index.js';
import { questionText } from '../../permissions/question.js';

// What the approver needs from the MCP server: one form elicitation.
export interface Elicitor {
  elicit(params: ElicitForm): Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> | undefined }>;
}

export interface ElicitForm {
  readonly mode: 'form';
  readonly message: string;
  readonly requestedSchema: {
    type: 'object';
    properties: Record<string, { type: 'string'; title: string; description: string; enum: string[] }>;
    required: string[];
  };
}

// The one question every door asks (permissions/question.ts). Text the model chose (the call, its paths)
// is shown with control characters, line breaks and bidi overrides escaped: the person must see the call
// they approve, not what it draws.
const message = (request: ApprovalRequest): string => questionText(request, '').join('\n');

// What each answer does, said only for the answers offered (a shell line has no "never").
const OPTION_WORDS: Record<ApprovalAnswer, string> = { once: 'this call only', always: 'add an allow rule', no: 'refuse this call', never: 'add a deny rule' };

export function approvalForm(request: ApprovalRequest): ElicitForm {
  return {
    mode: 'form',
    message: message(request),
    requestedSchema: {
      type: 'object',
      properties: {
        answer: {
          type: 'string',
          title: 'Allow this call?',
          description: request.options.map((option) => `${option}: ${OPTION_WORDS[option]}`).join('; '),
          enum: [...request.options],
        },
      },
      required: ['answer'],
    },
  };
}

// Asks the MCP client's user through elicitation. Only an accepted form whose `answer` is exactly one of
// the offered options approves (THREAT-MODEL invariant 7: an explicit, valid answer). An accept without
// content, with another value, another type or other spelling, a decline, a cancel or a failed request is "no".
export function elicitationApprover(elicitor: Elicitor, log: (line: string) => void): Approver {
  return async (request) => {
    try {
      const result = await elicitor.elicit(approvalForm(request));
      if (result.action !== 'accept') return 'no';
      const answer: unknown = result.content?.['answer'];
      if (typeof answer === 'string' && (request.options as readonly string[]).includes(answer)) return answer as ApprovalAnswer;
      log(`approval form accepted without a valid answer (${JSON.stringify(result.content ?? null)?.slice(0, 200)}): refused; the answer must be one of ${request.options.join(', ')}`);
      return 'no';
    } catch (error) {
      log(`approval request failed: ${error instanceof Error ? error.message : String(error)}`);
      return 'no';
    }
  };
}
