import type { Screen } from './screen.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const INTERVAL_MS = 100;

// A one-line activity indicator with elapsed seconds and a status (token counts), redrawn by an
// unref'd interval timer. Drawn only on a TTY, only at the start of a line, and never while a prompt
// is open; stop() leaves no timer behind.
export class Spinner {
  private timer: ReturnType<typeof setInterval> | undefined;
  private label = '';
  private started = 0;
  private frame = 0;
  private paused = false;
  // When the current pause began: a prompt's time is kept out of the elapsed time shown.
  private pausedAt = 0;

  constructor(
    private readonly screen: Screen,
    private readonly enabled: boolean,
    private readonly now: () => number,
    private readonly status: () => string,
  ) {}

  get running(): boolean {
    return this.label !== '';
  }

  // Shows `label`; `restart` resets the elapsed time (a new model request), otherwise it keeps counting.
  start(label: string, restart = true): void {
    if (restart || !this.running) this.started = this.now();
    this.label = label;
    if (!this.enabled) return;
    if (!this.timer && !this.paused) this.schedule();
    this.draw();
  }

  stop(): void {
    this.label = '';
    this.cancel();
    this.screen.clearOverlay();
  }

  // While a prompt is open the spinner is hidden; it comes back on resume() if it was running.
  pause(): void {
    if (!this.paused) this.pausedAt = this.now();
    this.paused = true;
    this.cancel();
    this.screen.clearOverlay();
  }

  resume(): void {
    if (this.paused) this.started += this.now() - this.pausedAt;
    this.paused = false;
    if (this.enabled && this.running && !this.timer) {
      this.schedule();
      this.draw();
    }
  }

  private schedule(): void {
    this.timer = setInterval(() => {
      this.frame = (this.frame + 1) % FRAMES.length;
      this.draw();
    }, INTERVAL_MS);
    this.timer.unref?.();
  }

  private cancel(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private draw(): void {
    if (!this.enabled || this.paused || !this.running) return;
    const { style } = this.screen;
    const seconds = Math.max(0, Math.floor((this.now() - this.started) / 1000));
    const status = this.status();
    this.screen.drawOverlay(`${style.cyan(FRAMES[this.frame]!)} ${this.label} ${style.dim(`${seconds}s${status ? ` · ${status}` : ''}`)}`);
  }
}
