import { Clock } from '../../src/application/shared/clock';

/**
 * Real time plus whatever the test adds, so that expiries can be reached without waiting; frozen, it stands still
 * but for what the test adds (a figure computed from it cannot move while a slow machine runs the test).
 */
export class TestClock extends Clock {
  private offsetMs = 0;
  private frozenAt: number | undefined;

  now(): number {
    return (this.frozenAt ?? Date.now()) + this.offsetMs;
  }

  freeze(): void {
    this.frozenAt = Date.now();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
