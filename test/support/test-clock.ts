import { Clock } from '../../src/application/shared/clock';

/** Real time plus whatever the test adds, so that expiries can be reached without waiting. */
export class TestClock extends Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
