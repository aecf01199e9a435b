// The denial tracker (seed 004 "Denial Tracking", chatcli §6.7): a tool denied by the user N times in
// a row is blocked for the session; M denials in total escalate the session (no automatic approval
// any more). Approving a tool resets its consecutive count; a block and an escalation stay.

export interface DenialLimits {
  readonly maxConsecutive: number;
  readonly maxTotal: number;
}

export const DEFAULT_DENIAL_LIMITS: DenialLimits = { maxConsecutive: 3, maxTotal: 20 };

export type DenialOutcome = 'normal' | 'blocked' | 'escalated';

interface KeyState {
  consecutive: number;
  total: number;
  blocked: boolean;
}

export interface DenialSnapshot {
  readonly version: 1;
  readonly total: number;
  readonly escalated: boolean;
  readonly keys: Readonly<Record<string, { readonly consecutive: number; readonly total: number; readonly blocked: boolean }>>;
}

function positive(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
}

// CODEWARD_MAX_CONSECUTIVE_DENIALS / CODEWARD_MAX_TOTAL_DENIALS (ChatCLI's CHATCLI_* names too);
// anything but a positive integer keeps the default.
export function denialLimitsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): DenialLimits {
  return {
    maxConsecutive: positive(env['CODEWARD_MAX_CONSECUTIVE_DENIALS']) ?? positive(env['CHATCLI_MAX_CONSECUTIVE_DENIALS']) ?? DEFAULT_DENIAL_LIMITS.maxConsecutive,
    maxTotal: positive(env['CODEWARD_MAX_TOTAL_DENIALS']) ?? positive(env['CHATCLI_MAX_TOTAL_DENIALS']) ?? DEFAULT_DENIAL_LIMITS.maxTotal,
  };
}

export class DenialTracker {
  readonly limits: DenialLimits;
  private readonly keys = new Map<string, KeyState>();
  private totalDenials = 0;
  private isEscalated = false;

  constructor(limits: DenialLimits = DEFAULT_DENIAL_LIMITS) {
    this.limits = limits;
  }

  get total(): number {
    return this.totalDenials;
  }

  get escalated(): boolean {
    return this.isEscalated;
  }

  isBlocked(key: string): boolean {
    return this.keys.get(key)?.blocked === true;
  }

  consecutive(key: string): number {
    return this.keys.get(key)?.consecutive ?? 0;
  }

  blockedKeys(): string[] {
    return [...this.keys].filter(([, state]) => state.blocked).map(([key]) => key).sort();
  }

  recordDenial(key: string): DenialOutcome {
    const state = this.keys.get(key) ?? { consecutive: 0, total: 0, blocked: false };
    state.consecutive += 1;
    state.total += 1;
    if (state.consecutive >= this.limits.maxConsecutive) state.blocked = true;
    this.keys.set(key, state);
    this.totalDenials += 1;
    if (this.totalDenials >= this.limits.maxTotal) this.isEscalated = true;
    return this.isEscalated ? 'escalated' : state.blocked ? 'blocked' : 'normal';
  }

  recordApproval(key: string): void {
    const state = this.keys.get(key);
    if (state) state.consecutive = 0;
  }

  reset(): void {
    this.keys.clear();
    this.totalDenials = 0;
    this.isEscalated = false;
  }

  toJSON(): DenialSnapshot {
    const keys: Record<string, KeyState> = {};
    for (const [key, state] of this.keys) keys[key] = { ...state };
    return { version: 1, total: this.totalDenials, escalated: this.isEscalated, keys };
  }

  // Restores a snapshot; a malformed one gives a fresh tracker (limits still apply to what it says).
  static fromJSON(data: unknown, limits: DenialLimits = DEFAULT_DENIAL_LIMITS): DenialTracker {
    const tracker = new DenialTracker(limits);
    if (typeof data !== 'object' || data === null) return tracker;
    const snapshot = data as Partial<DenialSnapshot>;
    const count = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);
    tracker.totalDenials = count(snapshot.total);
    tracker.isEscalated = snapshot.escalated === true || tracker.totalDenials >= limits.maxTotal;
    if (typeof snapshot.keys === 'object' && snapshot.keys !== null) {
      for (const [key, raw] of Object.entries(snapshot.keys)) {
        if (typeof raw !== 'object' || raw === null) continue;
        const consecutive = count(raw.consecutive);
        tracker.keys.set(key, { consecutive, total: count(raw.total), blocked: raw.blocked === true || consecutive >= limits.maxConsecutive });
      }
    }
    return tracker;
  }
}
