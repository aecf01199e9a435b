import { SUMMARY_FORMATS, type CountKind, type Counts, type SummaryFormat } from './test-summary-formats.js';

export interface TestSummary {
  passed: number;
  failed: number;
  skipped?: number;
  // Set when the runner only reported whole packages (go test without -v).
  unit?: 'packages';
}

// Longer lines are no summary; they are skipped without being held in memory.
const MAX_LINE_BYTES = 4096;
// ANSI escape sequences (colour codes), in case a runner ignores NO_COLOR.
const ESCAPES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

class Tally {
  private counts: Record<CountKind, number> = { passed: 0, failed: 0, skipped: 0 };
  private sawSkipped = false;
  // Keyed formats: the last counts seen per label.
  private readonly byLabel = new Map<string, Counts>();
  seen = false;

  add(format: SummaryFormat, counts: Counts): void {
    this.seen = true;
    if (format.combine === 'keyed') {
      this.byLabel.set(counts.label ?? '', counts);
      return;
    }
    if (format.combine === 'last') this.reset();
    this.addCounts(counts);
  }

  private reset(): void {
    this.counts = { passed: 0, failed: 0, skipped: 0 };
    this.sawSkipped = false;
  }

  private addCounts(counts: Counts): void {
    this.counts.passed += counts.passed ?? 0;
    this.counts.failed += counts.failed ?? 0;
    this.counts.skipped += counts.skipped ?? 0;
    if (counts.skipped !== undefined) this.sawSkipped = true;
  }

  hasLabel(label: string): boolean {
    return this.byLabel.has(label);
  }

  result(): { counts: Record<CountKind, number>; sawSkipped: boolean } {
    if (this.byLabel.size > 0) {
      this.reset();
      for (const counts of this.byLabel.values()) this.addCounts(counts);
    }
    return { counts: this.counts, sawSkipped: this.sawSkipped };
  }
}

// Reads a runner's output as it streams (stdout and stderr apart, so their lines never mix) and
// keeps only the counts, so the whole output is seen even when the captured copy is elided.
export class TestSummaryScanner {
  private readonly tallies = new Map<SummaryFormat, Tally>(SUMMARY_FORMATS.map((format) => [format, new Tally()]));
  private readonly partial = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  private readonly partialBytes = { stdout: 0, stderr: 0 };

  feed(chunk: Buffer, stream: 'stdout' | 'stderr' = 'stdout'): void {
    let start = 0;
    for (let newline = chunk.indexOf(10, start); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.hold(chunk.subarray(start, newline), stream);
      this.endLine(stream);
      start = newline + 1;
    }
    this.hold(chunk.subarray(start), stream);
  }

  private hold(bytes: Buffer, stream: 'stdout' | 'stderr'): void {
    if (bytes.length === 0) return;
    this.partialBytes[stream] += bytes.length;
    if (this.partialBytes[stream] <= MAX_LINE_BYTES) this.partial[stream].push(bytes);
  }

  private endLine(stream: 'stdout' | 'stderr'): void {
    const fits = this.partialBytes[stream] <= MAX_LINE_BYTES;
    const line = fits ? Buffer.concat(this.partial[stream]).toString('utf8').replace(ESCAPES, '').replace(/\r$/, '') : '';
    this.partial[stream] = [];
    this.partialBytes[stream] = 0;
    if (line !== '') this.parseLine(line);
  }

  private parseLine(line: string): void {
    for (const format of SUMMARY_FORMATS) {
      const counts = format.parse(line);
      if (counts) {
        this.tallies.get(format)!.add(format, counts);
        return;
      }
    }
  }

  // The counts of the first format (in priority order) that saw its summary; undefined when none did.
  finish(): TestSummary | undefined {
    this.endLine('stdout');
    this.endLine('stderr');
    for (const format of SUMMARY_FORMATS) {
      const tally = this.tallies.get(format)!;
      if (!tally.seen) continue;
      const { counts, sawSkipped } = tally.result();
      if (format.requires && counts[format.requires] === 0) continue;
      if (format.needsLabel !== undefined && !tally.hasLabel(format.needsLabel)) continue;
      return {
        passed: Math.max(0, counts.passed),
        failed: counts.failed,
        ...(sawSkipped ? { skipped: counts.skipped } : {}),
        ...(format.unit ? { unit: format.unit } : {}),
      };
    }
    return undefined;
  }
}

// The summary of a whole output at once.
export function parseTestSummary(output: string): TestSummary | undefined {
  const scanner = new TestSummaryScanner();
  scanner.feed(Buffer.from(output));
  return scanner.finish();
}
