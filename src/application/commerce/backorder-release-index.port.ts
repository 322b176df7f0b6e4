/** The backordered names whose purge time has come, earliest first: the ones whose backorders' turn it is. */
export abstract class BackorderReleaseIndex {
  abstract dueBy(now: number, limit: number): Promise<readonly string[]>;
}
