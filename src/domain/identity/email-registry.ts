import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { DomainCommand, DomainEvent } from '../shared/message';

/** One account per email address: the stream of the address is claimed once, atomically with the account. */
export const emailStream = (email: string): string => `email-${email}`;

export type EmailClaimed = DomainEvent<'EmailClaimed', { email: string; accountId: string; at: number }>;
export type EmailEvent = EmailClaimed;
export type ClaimEmail = DomainCommand<'ClaimEmail', EmailClaimed['data']>;

export type EmailRegistration = { readonly accountId: string | null };

export class EmailTaken extends DomainError {
  constructor(email: string) {
    super('CONFLICT', `an account uses ${email} already`);
  }
}

export const emailDecider: Decider<ClaimEmail, EmailEvent, EmailRegistration> = {
  initialState: () => ({ accountId: null }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'EmailClaimed':
        return { accountId: event.data.accountId };
      default:
        return assertNever(event.type);
    }
  },
  decide: (command, state) => {
    if (state.accountId === command.data.accountId) return [];
    if (state.accountId) throw new EmailTaken(command.data.email);
    return [{ type: 'EmailClaimed', data: command.data }];
  },
};
