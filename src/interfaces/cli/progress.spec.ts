import { commandProgress, formatCount, formatDuration, progressLine, startProgress } from './progress';

/** What a stream was sent, and a clock moved by hand. */
const fakeStream = (isTTY: boolean, columns?: number) => {
  const writes: string[] = [];
  return { isTTY, columns, writes, write: (text: string) => writes.push(text) };
};
const fakeClock = (start = 1_000_000) => {
  let time = start;
  return { now: () => time, tick: (ms: number) => void (time += ms) };
};

describe('progressLine', () => {
  it('draws the bar, the counts, the percent and the time left at the rate so far', () => {
    expect(progressLine({ label: 'rebuild', done: 1234, total: 5000, elapsedMs: 4000, width: 20 })).toBe(
      'rebuild [####................] 1,234/5,000 24% 00:13 left',
    );
  });

  it('fills as many cells as the share done, rounded down', () => {
    expect(progressLine({ label: 'x', done: 1, total: 2, elapsedMs: 1000, width: 10 })).toBe(
      'x [#####.....] 1/2 50% 00:01 left',
    );
    expect(progressLine({ label: 'x', done: 99, total: 100, elapsedMs: 99_000, width: 10 })).toBe(
      'x [#########.] 99/100 99% 00:01 left',
    );
  });

  it('rounds the percent down without losing one to floating point', () => {
    expect(progressLine({ label: 'x', done: 29, total: 100, elapsedMs: 29_000, width: 100 })).toBe(
      `x [${'#'.repeat(29)}${'.'.repeat(71)}] 29/100 29% 01:11 left`,
    );
  });

  it('knows no time left before any progress', () => {
    expect(progressLine({ label: 'replay', done: 0, total: 1_500_000, elapsedMs: 3000, width: 4 })).toBe(
      'replay [....] 0/1,500,000 0% --:-- left',
    );
  });

  it('counts hours past the first', () => {
    expect(progressLine({ label: 'x', done: 1, total: 4000, elapsedMs: 1000, width: 4 })).toBe(
      'x [....] 1/4,000 0% 1:06:39 left',
    );
  });

  it('shows the count and the rate when the total is unknown', () => {
    expect(progressLine({ label: 'export', done: 12_345, total: null, elapsedMs: 5000 })).toBe('export 12,345 2,469/s');
    expect(progressLine({ label: 'export', done: 0, total: null, elapsedMs: 0 })).toBe('export 0 --/s');
  });

  it('clamps a count past the total to the total', () => {
    expect(progressLine({ label: 'x', done: 7000, total: 5000, elapsedMs: 1000, width: 8 })).toBe(
      'x [########] 5,000/5,000 100% 00:00 left',
    );
  });

  it('takes an empty task as done', () => {
    expect(progressLine({ label: 'x', done: 0, total: 0, elapsedMs: 0, width: 4 })).toBe(
      'x [####] 0/0 100% 00:00 left',
    );
  });

  it('uses a bar of 24 cells by default', () => {
    expect(progressLine({ label: 'x', done: 1, total: 4, elapsedMs: 1000 })).toBe(
      `x [${'#'.repeat(6)}${'.'.repeat(18)}] 1/4 25% 00:03 left`,
    );
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1_234_567, '1,234,567'],
  ])('writes %i as %s', (n, text) => expect(formatCount(n)).toBe(text));

  it.each([
    [0, '00:00'],
    [1, '00:01'],
    [61_000, '01:01'],
    [3_600_000, '1:00:00'],
  ])('writes %i ms as %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});

describe('startProgress on a terminal', () => {
  it('draws at once, redraws one line with \\r at most every 100 ms, and ends it at finish', () => {
    const stream = fakeStream(true);
    const clock = fakeClock();
    const progress = startProgress('seed', 10, stream, clock.now);
    clock.tick(50);
    progress.advance(2);
    clock.tick(50);
    progress.advance(3);
    clock.tick(10);
    progress.advance();
    progress.finish();
    progress.finish();
    expect(stream.writes).toEqual([
      '\rseed [........................] 0/10 0% --:-- left',
      '\rseed [############............] 5/10 50% 00:01 left',
      '\rseed [##############..........] 6/10 60% 00:01 left',
      '\n',
    ]);
  });

  it('blanks the end of a longer line drawn before', () => {
    const stream = fakeStream(true);
    const clock = fakeClock();
    const progress = startProgress('x', null, stream, clock.now);
    clock.tick(1000);
    progress.set(12_000);
    clock.tick(1000);
    progress.set(12_001);
    expect(stream.writes).toEqual(['\rx 0 --/s', '\rx 12,000 12,000/s', '\rx 12,001 6,001/s ']);
  });

  it('cuts a line to the width of the terminal', () => {
    const stream = fakeStream(true, 12);
    startProgress('rebuilding', 10, stream, fakeClock().now);
    expect(stream.writes).toEqual(['\rrebuilding ']);
  });
});

describe('startProgress in a log', () => {
  it('prints a plain line at each tenth reached and one at finish', () => {
    const stream = fakeStream(false);
    const clock = fakeClock();
    const progress = startProgress('replay', 5000, stream, clock.now);
    progress.advance(400);
    progress.advance(100);
    progress.advance(10);
    progress.set(1234);
    progress.set(4999);
    progress.advance();
    progress.finish();
    progress.advance();
    expect(stream.writes).toEqual([
      'replay: 500/5,000 (10%)\n',
      'replay: 1,234/5,000 (24%)\n',
      'replay: 4,999/5,000 (99%)\n',
      'replay: 5,000/5,000 (100%)\n',
    ]);
  });

  it('prints only the count, at finish, when the total is unknown', () => {
    const stream = fakeStream(false);
    const progress = startProgress('export', null, stream, fakeClock().now);
    progress.advance(1500);
    progress.finish();
    expect(stream.writes).toEqual(['export: 1,500\n']);
  });

  it('says where a task that stopped short stopped', () => {
    const stream = fakeStream(false);
    const progress = startProgress('audit', 3, stream, fakeClock().now);
    progress.finish();
    expect(stream.writes).toEqual(['audit: 0/3 (0%)\n']);
  });
});

describe('commandProgress', () => {
  it('stays silent when stdout prints to the same terminal', () => {
    const stderr = fakeStream(true);
    commandProgress('replay', { isTTY: true }, stderr)(10).finish();
    expect(stderr.writes).toEqual([]);
  });

  it('reports on stderr when stdout goes elsewhere', () => {
    const stderr = fakeStream(false);
    commandProgress('replay', { isTTY: false }, stderr)(10).finish();
    expect(stderr.writes).toEqual(['replay: 0/10 (0%)\n']);
  });

  it('says nothing of a task with nothing to do', () => {
    const stderr = fakeStream(false);
    commandProgress('replay', { isTTY: false }, stderr)(0).finish();
    expect(stderr.writes).toEqual([]);
  });
});
