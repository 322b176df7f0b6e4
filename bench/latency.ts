import { Agent, request } from 'node:http';

/** Milliseconds of each of `count` runs of `task`, one after the other. */
export const latencies = async (count: number, task: () => Promise<unknown>): Promise<number[]> => {
  const times: number[] = [];
  for (let n = 0; n < count; n++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return times;
};

export const percentile = (times: readonly number[], p: number): number => {
  const sorted = [...times].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** One HTTP exchange over `agent`; fails on anything but the expected status. */
export const exchange =
  (agent: Agent) =>
  (url: string, method: string, headers: Record<string, string>, body: string | undefined, status: number) =>
    new Promise<void>((resolve, reject) => {
      const outgoing = request(url, { method, agent, headers }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === status ? resolve() : reject(new Error(`${method} ${url}: ${response.statusCode}`)),
        );
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });

/** `what: service p50 …, p99 …; <baseline> p50 …, p99 …; ratio …`. */
export const report = (what: string, service: number[], baselineName: string, baseline: number[]): void => {
  const [p50, p99, b50, b99] = [
    percentile(service, 50),
    percentile(service, 99),
    percentile(baseline, 50),
    percentile(baseline, 99),
  ];
  console.log(
    `${what}: service p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms; ${baselineName} p50 ${b50.toFixed(2)} ms, ` +
      `p99 ${b99.toFixed(2)} ms; ratio p50 ${(p50 / b50).toFixed(1)}x, p99 ${(p99 / b99).toFixed(1)}x ` +
      `(${service.length} requests each)`,
  );
};
