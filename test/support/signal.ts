/** Lets a test await a condition that callbacks make true, without polling on a timer. */
export class Signal {
  private waiters: (() => void)[] = [];

  notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((wake) => wake());
  }

  async until(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
}
