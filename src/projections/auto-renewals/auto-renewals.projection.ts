import { Projection } from '../../application/shared/projection';
import { AutoRenewalEvent } from '../../domain/commerce/auto-renewal';

/** One name's auto-renewal, for the runner that looks for due renewals across accounts. */
export interface AutoRenewalRow {
  readonly accountId: string;
  readonly name: string;
  readonly enabled: boolean;
}

export const autoRenewalList: Projection<AutoRenewalRow, AutoRenewalEvent> = {
  name: 'auto-renewals',
  version: 1,
  handles: ['AutoRenewalEnabled', 'AutoRenewalDisabled'],
  idOf: (event) => `${event.data.accountId}:${event.data.name}`,
  evolve: (_row, { type, data }) => ({
    accountId: data.accountId,
    name: data.name,
    enabled: type === 'AutoRenewalEnabled',
  }),
};
