import { Decider } from '../shared/decider';
import { Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * A backorder's number (`svc_backorder_cancel` names backorders by it alone): taken once, for one name, never given
 * to another backorder; the name leads to the backorders' stream.
 */
export const backorderNumberStream = (backorderId: number): string => `backorder-number-${backorderId}`;

export type BackorderNumberTaken = DomainEvent<
  'BackorderNumberTaken',
  MessageData<{ backorderId: number }, { name: string }>
>;
export type TakeBackorderNumber = DomainCommand<'TakeBackorderNumber', BackorderNumberTaken['data']>;

export interface BackorderNumber {
  /** The name backordered under the number; null while it is free. */
  readonly name: string | null;
}

export const backorderNumberDecider: Decider<TakeBackorderNumber, BackorderNumberTaken, BackorderNumber> = {
  initialState: () => ({ name: null }),
  evolve: (_number, event) => ({ name: event.data.name }),
  decide: (command, number) => {
    if (number.name !== null) throw new Refused('CONFLICT', `backorder number ${command.data.backorderId} is taken`);
    return [{ type: 'BackorderNumberTaken', data: command.data }];
  },
};
