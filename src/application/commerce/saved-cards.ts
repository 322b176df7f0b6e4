import { Refused } from '../../domain/shared/errors';
import { CardProcessor } from './card-processor.port';

/**
 * The saved card a payment method id names for the account: one of its saved cards, or the card a processor token
 * names, saved for the account first (as Stripe confirms a payment with `pm_card_visa`). Another account's card is
 * refused like one that does not exist.
 */
export const savedCardOf = async (processor: CardProcessor, accountId: string, paymentMethodId: string) => {
  const saved = await processor.savedCards(accountId);
  if (saved.some((card) => card.id === paymentMethodId)) return paymentMethodId;
  const setup = await processor.saveCard(accountId, paymentMethodId);
  if (!setup.ok)
    throw new Refused('VALIDATION', `paymentMethodId: ${paymentMethodId.slice(0, 64)} is not a card of this account`);
  return setup.card.id;
};
