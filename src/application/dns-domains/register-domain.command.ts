import { keyedRequests } from '../shared/idempotency';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { billingDecider, billingStream } from '../../domain/billing/billing-account';
import { ContactDetails } from '../../domain/dns-domains/contact-rules';
import { dnsDomainDecider, dnsDomainStream } from '../../domain/dns-domains/dns-domain';
import { dnsPriceOf } from '../../domain/dns-domains/dns-pricing';
import { DnsFlag, FlagStatus, newNameLocksOf } from '../../domain/dns-domains/dns-flags';
import { decideRegistration, TransferIn } from '../../domain/dns-domains/registration-decision';
import { Price } from '../../domain/shared/price';
import { ExistingOperation } from '../../domain/operations/operation';
import { PaidBy } from '../../domain/operations/operation.events';
import { newId } from '../../domain/shared/ids';
import { SecondLevelName } from '../../domain/shared/names';
import { SecretBox } from '../identity/identity.ports';
import { redeemQuoteIn } from '../operations/bound-quotes';
import { loadRequestStreams, requestStatesOf, requestWrites } from '../operations/operation-streams';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { assertContactsOf } from './contact.queries';
import { newContactWrite } from './create-contact.command';
import { DnsCatalogue } from './dns-catalogue';
import { InboundTransfers } from './inbound-transfers';
import { ResellerSettings } from './reseller-settings';
import { ZoneAsked, zoneRequestOf } from './zone-requests';

/** The price of what cannot be bought: it is refused before it is charged. */
const FREE: Price = { type: 'STANDARD', listPriceCents: 0, subTotalCents: 0 };

/** The registrant: one of the account's contacts, or details of a new one created by the registration. */
export type RegistrantOf = Readonly<{ contactId: string }> | Readonly<{ details: ContactDetails }>;

/** What `POST /domains` asks besides the name and its registrant. */
export interface RegistrationAsked {
  readonly years: number | undefined;
  readonly contacts: Readonly<Partial<Record<'admin' | 'tech' | 'billing', string>>>;
  /** The name's code at its registrar: the name is transferred in rather than created. */
  readonly authorizationCode: string | undefined;
  readonly flags: Readonly<Partial<Record<DnsFlag, FlagStatus>>>;
  /** Records to create and nameservers to delegate to, made once the name is registered. */
  readonly zone: ZoneAsked;
  /** A user's order paid for it (`svc_cart_checkout`): nothing is charged to the account's running balance. */
  readonly paidBy?: PaidBy;
}

/** `POST /domains`: registers an available name, or transfers one in with its code, and charges its price. */
export class RegisterDnsDomain extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly name: SecondLevelName,
    readonly owner: RegistrantOf,
    readonly asked: RegistrationAsked,
    readonly preview: boolean,
    /** The preview whose quote the commit is charged (`$quote`). */
    readonly quoteId?: string,
  ) {
    super();
  }
}

@CommandHandler(RegisterDnsDomain)
export class RegisterDnsDomainHandler implements ICommandHandler<RegisterDnsDomain> {
  constructor(
    private readonly store: EventStore,
    private readonly catalogue: DnsCatalogue,
    private readonly settings: ResellerSettings,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly transfers: InboundTransfers,
  ) {}

  async execute(command: RegisterDnsDomain): Promise<ExistingOperation> {
    const { accountId, name, owner, preview, asked } = command;
    const { contacts } = asked;
    await assertContactsOf(this.store, accountId, [
      ...('contactId' in owner ? [owner.contactId] : []),
      ...Object.values(contacts).filter((id): id is string => id !== undefined),
    ]);
    const code = asked.authorizationCode;
    const base = {
      accountId,
      operationId: keyedRequests.newOperationId(),
      at: this.clock.now(),
      preview,
      name,
      owner:
        'contactId' in owner ? { new: false as const, ...owner } : { new: true as const, contactId: newId('contact') },
      contacts,
      locks: newNameLocksOf(asked.flags, this.clock.now()),
      zone: zoneRequestOf(name.name, asked.zone),
      contactDependencyId: newId('platformDependency'),
      registerDependencyId: newId('platformDependency'),
      flagsDependencyId: newId('platformDependency'),
      transactionId: newId('billingTransaction'),
      ...(asked.paidBy ? { paidBy: asked.paidBy } : {}),
    };
    const { result } = await transact(this.store, { accountId }, async (streams) => {
      const requested = await loadRequestStreams(streams, base.operationId, name.name);
      const domain = await streams.load(dnsDomainStream(name.name), dnsDomainDecider);
      // the registry's word is read after the name's activity and domain, at each attempt: a registration that
      // finished while this one waited to try again shows there, so a retry never takes the name a second time. The
      // price is decided with the same rules and price list as the availability
      const [{ availability, offer }] = await this.catalogue.availability([name]);
      const transfer = code === undefined ? null : await this.transferIn(name, code);
      const years = asked.years ?? (transfer ? 1 : (availability.period?.min ?? 1));
      const premiumCents = availability.price?.type === 'PREMIUM' ? availability.price.listPriceCents : null;
      const price = transfer
        ? transfer.price
        : offer?.prices
          ? dnsPriceOf('REGISTRATION', offer.prices, { years, premiumCents })
          : FREE;
      const request = { ...base, years };
      const terms = { accountId, type: 'DOMAIN_ADMIN_UPDATE', domain: name.name, years };
      const bound = await redeemQuoteIn(
        streams,
        command.quoteId,
        { ...terms, reasons: [transfer ? 'DOMAIN_TRANSFER' : 'DOMAIN_REGISTRATION'] },
        request,
      );
      const facts = {
        availability,
        transfer,
        price: bound ? { ...price, subTotalCents: bound.quote[0].amountCents } : price,
        creditLimitCents: this.settings.creditLimitCents,
        quoteValidityMs: this.settings.quoteValidityMs,
      };
      const billing = await streams.load(billingStream(accountId), billingDecider);
      const decision = decideRegistration(request, facts, {
        ...requestStatesOf(requested),
        domain: domain.state,
        billing: billing.state,
      });
      const inlineContact =
        !preview && 'details' in owner
          ? [
              await newContactWrite(streams, this.box, {
                contactId: request.owner.contactId,
                accountId,
                details: owner.details,
                at: request.at,
              }),
            ]
          : [];
      return {
        writes: [
          ...requestWrites(requested, decision),
          writeAfter(domain, decision.domain),
          writeAfter(billing, decision.billing),
          ...inlineContact,
          ...(bound ? [bound.write] : []),
        ],
        result: decision.state,
      };
    });
    return result;
  }

  /**
   * What a transfer in is decided with: why the registry would refuse it (in the reference's words), its price (a
   * year, premium where the registry says so) and the code sealed for the job that asks the registry.
   */
  private async transferIn(name: SecondLevelName, code: string): Promise<TransferIn & { price: Price }> {
    const { eligibility, pricing } = await this.transfers.check(name, code);
    const { offer, premiumCents } = pricing;
    const price = offer?.prices ? dnsPriceOf('TRANSFER', offer.prices, { years: 1, premiumCents }) : FREE;
    return { ineligibility: eligibility.reasons, price, sealedCode: this.box.seal(code) };
  }
}
