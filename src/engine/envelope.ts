import type { ErrorInfo } from './errors.js';

// The result of every call through every door (CONTRACT.md "Result envelope").
export type Envelope = SuccessEnvelope | FailureEnvelope;

export interface SuccessEnvelope {
  readonly ok: true;
  readonly cmd: string;
  readonly data: unknown;
  readonly warnings: readonly string[];
}

export interface FailureEnvelope {
  readonly ok: false;
  readonly cmd: string;
  readonly error: ErrorInfo;
  readonly data?: unknown;
  readonly warnings: readonly string[];
  // The call never ran: its arguments were rejected (the CLI exits 2). Not part of the wire envelope.
  readonly usage?: boolean;
}

// The envelope as doors put it on the wire: only the contract's fields.
export function wireEnvelope(envelope: Envelope): Record<string, unknown> {
  if (envelope.ok) {
    return { ok: true, cmd: envelope.cmd, data: envelope.data, warnings: envelope.warnings };
  }
  const wire: Record<string, unknown> = { ok: false, cmd: envelope.cmd, error: envelope.error };
  if (envelope.data !== undefined) wire['data'] = envelope.data;
  wire['warnings'] = envelope.warnings;
  return wire;
}
