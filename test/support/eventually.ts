/**
 * Retries `check` until it passes, for conditions of another process that the test cannot await directly (a child
 * service indexing a chain). Fails with the last error after `timeoutMs`.
 */
export const eventually = async (check: () => Promise<void>, timeoutMs = 20_000, intervalMs = 50): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
};
