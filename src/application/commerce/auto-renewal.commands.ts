import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { autoRenewalDecider, autoRenewalStream } from '../../domain/commerce/auto-renewal';
import { TaxPlace } from '../../domain/commerce/sales-tax';
import { SecondLevelName } from '../../domain/shared/names';
import { AccountNames } from '../dns-domains/account-names';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand } from '../shared/handle-command';
import { CardProcessor } from './card-processor.port';
import { savedCardOf } from './saved-cards';

export interface AutoRenewalResult {
  readonly domain: string;
  readonly success: boolean;
  readonly error?: string;
}

/**
 * `svc_domain_auto_renewal_update`: turns auto-renewal on (with the card to charge, or the default one) or off for
 * names of the account's, one result per name: a name that is not the account's is told so and the others change.
 */
export class UpdateAutoRenewal extends Command<AutoRenewalResult[]> {
  constructor(
    readonly accountId: string,
    readonly action: 'enable' | 'disable',
    readonly names: readonly SecondLevelName[],
    readonly paymentMethodId: string | undefined,
    /** The user's latest contact: whom renewals are ordered for and where they are taxed. */
    readonly contact: { readonly id: string; readonly place: TaxPlace } | null,
  ) {
    super();
  }
}

@CommandHandler(UpdateAutoRenewal)
export class UpdateAutoRenewalHandler implements ICommandHandler<UpdateAutoRenewal> {
  constructor(
    private readonly store: EventStore,
    private readonly names: AccountNames,
    private readonly processor: CardProcessor,
    private readonly clock: Clock,
  ) {}

  async execute(command: UpdateAutoRenewal): Promise<AutoRenewalResult[]> {
    const { accountId, action, contact } = command;
    // where the user is taxed, and nothing more of the contact
    const taxPlace = contact && { countryCode: contact.place.countryCode, stateProvince: contact.place.stateProvince };
    const paymentMethodId =
      command.paymentMethodId === undefined
        ? null
        : await savedCardOf(this.processor, accountId, command.paymentMethodId);
    const results: AutoRenewalResult[] = [];
    for (const name of command.names) {
      // told like a name that never existed: whether another account holds it is not this account's to learn
      if (!(await this.names.find(accountId, name))) {
        results.push({ domain: name.name, success: false, error: `${name.name} is not one of your domains` });
        continue;
      }
      const data = { accountId, name: name.name, at: this.clock.now() };
      await handleCommand(
        this.store,
        autoRenewalStream(accountId, name.name),
        autoRenewalDecider,
        action === 'enable'
          ? {
              type: 'EnableAutoRenewal',
              data: { ...data, paymentMethodId, contactId: contact?.id ?? null, taxPlace },
            }
          : { type: 'DisableAutoRenewal', data },
        { accountId },
      );
      results.push({ domain: name.name, success: true });
    }
    return results;
  }
}
