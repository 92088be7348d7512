/**
 * One writer per file: writes never overlap, and a burst of changes becomes
 * one or two writes instead of one per change. The write function always
 * saves the *current* state, so skipping intermediate versions loses nothing.
 */

/** Options of {@link CoalescingWriter}. */
export interface CoalescingWriterOptions {
  /** Saves the current state. Called again only after the previous call settled. */
  write: () => Promise<void>;
  /** How long to gather changes before writing (ms). 0 still batches changes made in the same tick. */
  delayMs: number;
  /** Told when writes start failing (once per run of failures); the next change or `flush` tries again. */
  onError?: (err: unknown) => void;
  /** Told when a write succeeds after one or more failures. */
  onRecovered?: () => void;
}

/**
 * Serializes and coalesces saves. `request()` marks the state changed;
 * `flush()` resolves once everything requested so far is on disk (or rejects
 * with the last write's error).
 */
export class CoalescingWriter {
  private readonly options: CoalescingWriterOptions;
  private dirty = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastError: unknown = null;
  private failing = false;

  constructor(options: CoalescingWriterOptions) {
    this.options = options;
  }

  /** Marks the state changed; a write follows after the delay unless one is already due. */
  request(): void {
    this.dirty = true;
    if (this.running || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start();
    }, this.options.delayMs);
  }

  /** Writes now whatever is pending and waits for it; rejects if the last write failed. */
  async flush(): Promise<void> {
    let attempted = false;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.start();
    }
    // A write that is running may be followed by another for changes made meanwhile.
    while (this.running) {
      attempted = true;
      await this.running;
    }
    // After an earlier failed write the file is stale even if nothing changed
    // since: try once more, unless this very flush just tried.
    if (this.dirty || (this.failing && !attempted)) {
      this.dirty = true;
      this.start();
      while (this.running) await this.running;
    }
    if (this.failing) throw this.lastError;
  }

  /** True while changes wait to be written or a write is under way. */
  get busy(): boolean {
    return this.dirty || this.running !== null || this.timer !== null;
  }

  /** Runs the write loop unless it already runs. */
  private start(): void {
    if (this.running) return;
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Writes until no change is left; a change made during a write causes exactly one more. */
  private async loop(): Promise<void> {
    while (this.dirty) {
      this.dirty = false;
      try {
        await this.options.write();
        if (this.failing) {
          this.failing = false;
          this.lastError = null;
          this.options.onRecovered?.();
        }
      } catch (err) {
        // Not retried in a loop: a full disk would spin. The next change or flush tries again.
        // Reported once per run of failures, not once per attempt.
        if (!this.failing) this.options.onError?.(err);
        this.failing = true;
        this.lastError = err;
        return;
      }
    }
  }
}
