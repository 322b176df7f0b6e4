import { ExistingOperation, TERMINAL } from '../operations/operation';
import { HostingSite, HostingType } from './hosting';

/** Where a hosted name stands (`GET /dns/hosting`): served as shown, being set up, or being removed. */
export type HostingStatus = 'ACTIVE' | 'PENDING' | 'INACTIVE';

/** A hosted name as a client is shown it: what it is set to, and whether it and its certificate are in place. */
export interface HostingShown {
  readonly subName: string;
  readonly type: HostingType;
  readonly targetUrl: string;
  readonly status: HostingStatus;
  readonly certificateStatus: HostingStatus;
}

/** A hosting change an unfinished operation is still to make: a name set, or one removed. */
export type PendingHostingChange =
  Readonly<{ subName: string; type: HostingType; targetUrl: string }> | Readonly<{ subName: string; remove: true }>;

/** The hosting changes of the operations' dependencies that have not run to their end yet, in the operations' order. */
export const pendingHostingChangesOf = (operations: readonly ExistingOperation[]): PendingHostingChange[] =>
  [...operations]
    .sort((a, b) => a.createdAt - b.createdAt)
    .flatMap((operation) => operation.dependencies)
    .filter((dependency) => !TERMINAL.has(dependency.status))
    .flatMap((dependency): PendingHostingChange[] => {
      const subName = String(dependency.parameters.subName ?? '');
      if (dependency.type === 'DOMAIN_HOSTING_DISABLE') return [{ subName, remove: true }];
      if (dependency.type !== 'DOMAIN_HOSTING_UPDATE') return [];
      const { type, targetUrl } = dependency.parameters as { type: HostingType; targetUrl: string };
      return [{ subName, type, targetUrl }];
    });

/**
 * The hosted names of a zone as shown from the moment a change was accepted (read your writes): a name the zone
 * serves is `ACTIVE`, its certificate `PENDING` until issued; a name an unfinished operation sets is shown as it
 * will be, `PENDING` with its certificate; a name one removes is `INACTIVE` (still served until it is done).
 */
export const hostingShownOf = (
  sites: readonly Pick<HostingSite, 'subName' | 'type' | 'targetUrl' | 'certificate'>[],
  pending: readonly PendingHostingChange[],
): HostingShown[] => {
  const shown = new Map<string, HostingShown>(
    sites.map(({ subName, type, targetUrl, certificate }) => [
      subName,
      { subName, type, targetUrl, status: 'ACTIVE', certificateStatus: certificate ? 'ACTIVE' : 'PENDING' },
    ]),
  );
  for (const change of pending) {
    const served = shown.get(change.subName);
    if (!('remove' in change))
      shown.set(change.subName, { ...change, status: 'PENDING', certificateStatus: 'PENDING' });
    else if (served) shown.set(change.subName, { ...served, status: 'INACTIVE' });
  }
  // a map's keys: no two sub names are equal
  return [...shown.values()].sort((a, b) => (a.subName < b.subName ? -1 : 1));
};
