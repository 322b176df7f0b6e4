import { QueryBus } from '@nestjs/cqrs';
import { TaxPlace } from '../../../../domain/commerce/sales-tax';
import { ContactRow } from '../../../../projections/contact-list/contact-list.projection';
import { ListContacts } from '../../../../projections/contact-list/contact-list.queries';

/**
 * Where a user is taxed until checkout names a contact: its most recent contact in use, as checkout's `contactId`
 * defaults to (`interface-spec.md`, svc_cart_checkout); nowhere, so no tax, while it has none.
 */
export const latestTaxPlaceOf = async (queries: QueryBus, accountId: string): Promise<TaxPlace | null> => {
  const [latest]: ContactRow[] = await queries.execute(new ListContacts(accountId, false));
  return latest ? { countryCode: latest.details.countryCode, stateProvince: latest.details.stateProvince } : null;
};
