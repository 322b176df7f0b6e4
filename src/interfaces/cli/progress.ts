/** Where progress goes: `process.stderr`, so that what a command prints on stdout stays parseable. */
export interface ProgressStream {
  readonly isTTY?: boolean;
  /** A terminal's width: a redrawn line longer than it would wrap, and `\r` would only go back to its last row. */
  readonly columns?: number;
  write(text: string): unknown;
}

export interface Progress {
  advance(n?: number): void;
  set(done: number): void;
  /** Draws the last state and ends the line; later calls change nothing. */
  finish(): void;
}

/** Starts the progress of a task once its size is known (`null`: unknown). */
export type StartProgress = (total: number | null) => Progress;

export interface ProgressLineInput {
  readonly label: string;
  readonly done: number;
  readonly total: number | null;
  readonly elapsedMs: number;
  /** The bar's cells. */
  readonly width?: number;
}

const BAR_WIDTH = 24;
const REDRAW_MS = 100;

export const NO_PROGRESS: Progress = { advance: () => undefined, set: () => undefined, finish: () => undefined };
export const noProgress: StartProgress = () => NO_PROGRESS;

/** 1234567 → `1,234,567`, the same in every locale. */
export const formatCount = (n: number): string =>
  Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const two = (n: number): string => String(n).padStart(2, '0');

/** `mm:ss`, or `h:mm:ss` from an hour on; rounded up, so that a task with any time left never shows 00:00. */
export const formatDuration = (ms: number): string => {
  const seconds = Math.ceil(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const clock = `${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
  return hours > 0 ? `${hours}:${clock}` : clock;
};

const shownOf = (done: number, total: number): number => Math.min(Math.max(done, 0), total);
/** The share done in `parts` (100 for a percent), rounded down; multiplied first, so that 29/100 is 29, not 28. */
const partsOf = (done: number, total: number, parts: number): number =>
  total === 0 ? parts : Math.floor((shownOf(done, total) * parts) / total);

const rateOf = (done: number, elapsedMs: number): string =>
  done > 0 && elapsedMs > 0 ? `${formatCount((done * 1000) / elapsedMs)}/s` : '--/s';

/** At the rate so far; unknown before any progress. */
const timeLeft = (done: number, total: number, elapsedMs: number): string => {
  if (done >= total) return '00:00';
  if (done <= 0 || elapsedMs <= 0) return '--:--';
  return formatDuration(((total - done) * elapsedMs) / done);
};

/** `label [#######.......] 1,234/5,000 25% 00:12 left`; with no total, `label 1,234 410/s`. */
export const progressLine = ({ label, done, total, elapsedMs, width = BAR_WIDTH }: ProgressLineInput): string => {
  if (total === null) return `${label} ${formatCount(Math.max(done, 0))} ${rateOf(done, elapsedMs)}`;
  const shown = shownOf(done, total);
  const filled = partsOf(done, total, width);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
  const counts = `${formatCount(shown)}/${formatCount(total)}`;
  return `${label} [${bar}] ${counts} ${partsOf(done, total, 100)}% ${timeLeft(shown, total, elapsedMs)} left`;
};

/** A log's line: `label: 1,234/5,000 (25%)`; with no total, `label: 1,234`. */
export const plainProgressLine = (label: string, done: number, total: number | null): string =>
  total === null
    ? `${label}: ${formatCount(Math.max(done, 0))}`
    : `${label}: ${formatCount(shownOf(done, total))}/${formatCount(total)} (${partsOf(done, total, 100)}%)`;

/**
 * On a terminal, one line redrawn with `\r` at most every 100 ms and at the end; elsewhere (a file, a CI log) a plain
 * line at each tenth and one at the end, so that logs stay short.
 */
export const startProgress = (
  label: string,
  total: number | null,
  stream: ProgressStream = process.stderr,
  now: () => number = Date.now,
): Progress => {
  const started = now();
  let done = 0;
  let finished = false;
  let drawnAt = started;
  let drawnLength = 0;
  let tenth = 0;

  const draw = (at: number): void => {
    const line = progressLine({ label, done, total, elapsedMs: at - started });
    const fitted = stream.columns ? line.slice(0, stream.columns - 1) : line;
    // a shorter line leaves the end of the longer one before it: blanks cover it
    stream.write(`\r${fitted.padEnd(drawnLength)}`);
    drawnLength = fitted.length;
    drawnAt = at;
  };
  const tenthOf = (): number => (total === null || total === 0 ? 0 : partsOf(done, total, 10));
  const update = (): void => {
    if (finished) return;
    if (stream.isTTY) {
      const at = now();
      if (at - drawnAt >= REDRAW_MS) draw(at);
      return;
    }
    const reached = tenthOf();
    // the whole is said by finish()
    if (reached > tenth && reached < 10) stream.write(`${plainProgressLine(label, done, total)}\n`);
    tenth = Math.max(tenth, reached);
  };

  if (stream.isTTY) draw(started);
  return {
    advance: (n = 1) => {
      done += n;
      update();
    },
    set: (value) => {
      done = value;
      update();
    },
    finish: () => {
      if (finished) return;
      finished = true;
      if (stream.isTTY) {
        draw(now());
        stream.write('\n');
      } else stream.write(`${plainProgressLine(label, done, total)}\n`);
    },
  };
};

/**
 * A command's progress on stderr. None when stdout prints to that terminal too (the lines printed show how far it
 * is, and a bar redrawn between them would tear them), nor for a task with nothing to do.
 */
export const commandProgress =
  (
    label: string,
    stdout: { readonly isTTY?: boolean } = process.stdout,
    stderr: ProgressStream = process.stderr,
  ): StartProgress =>
  (total) =>
    (stdout.isTTY && stderr.isTTY) || total === 0 ? NO_PROGRESS : startProgress(label, total, stderr);
