/**
 * The start-up steps a process has still to finish: until none is left it is alive but not ready, and `/health`
 * says 503 with their names. Nothing is pending unless someone declares it (`serve` does), so an application built
 * by a test or a CLI command is ready as soon as it exists.
 */
export class Readiness {
  private readonly pending = new Set<string>();

  waitFor(...steps: string[]): void {
    for (const step of steps) this.pending.add(step);
  }

  done(step: string): void {
    this.pending.delete(step);
  }

  get ready(): boolean {
    return this.pending.size === 0;
  }

  /** In the order they were declared, which is the order `serve` runs them. */
  pendingSteps(): string[] {
    return [...this.pending];
  }
}
