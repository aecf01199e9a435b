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

// The entries of a batched command's `data.results` that failed (CONTRACT "Batched commands": the
// envelope stays ok, each entry says whether it succeeded); empty for any other data.
export interface FailedEntry {
  readonly path: string;
  readonly error?: { readonly code: string; readonly message: string };
}

export function failedEntries(data: unknown): FailedEntry[] {
  const results = (data as { results?: unknown } | null | undefined)?.results;
  if (!Array.isArray(results)) return [];
  return results.filter((entry: { success?: unknown } | null) => typeof entry === 'object' && entry !== null && entry.success === false);
}
