import { QueryBus } from '@nestjs/cqrs';
import { TaxPlace } from '../../../../domain/commerce/sales-tax';
import { ContactRow } from '../../../../projections/contact-list/contact-list.projection';
import { ListContacts } from '../../../../projections/contact-list/contact-list.queries';

/**
 * Where a user is taxed until checkout names a contact: its most recent contact in use, as checkout's `contactId`
 * defaults to (`interface-spec.md`, svc_cart_checkout); nowhere, so no tax, while it has none.
 */
export const latestTaxPlaceOf = async (queries: QueryBus, accountId: string): Promise<TaxPlace | null> =>
  (await latestContactOf(queries, accountId))?.place ?? null;

/** The account's most recent contact in use, and where it is: the registrant and tax place by default. */
export const latestContactOf = async (
  queries: QueryBus,
  accountId: string,
): Promise<{ readonly id: string; readonly place: TaxPlace } | null> => {
  const [latest]: ContactRow[] = await queries.execute(new ListContacts(accountId, false));
  if (!latest) return null;
  const { countryCode, stateProvince } = latest.details;
  return { id: latest.id, place: { countryCode, stateProvince } };
};
