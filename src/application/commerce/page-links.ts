import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  PAGE_LINK_TTL_MS,
  pageLinkDecider,
  AccountEntry,
  PageLinkProblem,
  pageLinkProblemOf,
  pageLinkStream,
  PagePurpose,
} from '../../domain/commerce/page-link';
import { digestOf, newOpaqueSecret } from '../identity/secrets';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand, loadStream } from '../shared/handle-command';

/** A page link's secret: `pl_` and 43 base64url characters (32 random bytes). */
const TOKEN = /^pl_[A-Za-z0-9_-]{43}$/;

/** Whether `token` has the shape of a page link's secret (anything else is no link of ours, unread). */
export const isPageLinkToken = (token: string): boolean => TOKEN.test(token);

export interface IssuedPageLink {
  readonly token: string;
  readonly expiresAt: number;
}

/** Makes a single-use link to one of the account's pages; only the digest of its secret is kept. */
export class IssuePageLink extends Command<IssuedPageLink> {
  constructor(
    readonly accountId: string,
    readonly purpose: PagePurpose,
    readonly discountCode: string | null,
    readonly entry?: AccountEntry,
  ) {
    super();
  }
}

@CommandHandler(IssuePageLink)
export class IssuePageLinkHandler implements ICommandHandler<IssuePageLink> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, purpose, discountCode, entry }: IssuePageLink): Promise<IssuedPageLink> {
    const token = `pl_${newOpaqueSecret()}`;
    const digest = digestOf(token);
    const at = this.clock.now();
    const expiresAt = at + PAGE_LINK_TTL_MS;
    const data = { digest, accountId, purpose, expiresAt, discountCode, ...(entry ? { entry } : {}), at };
    await handleCommand(
      this.store,
      pageLinkStream(digest),
      pageLinkDecider,
      { type: 'IssuePageLink', data },
      { accountId },
    );
    return { token, expiresAt };
  }
}

export type OpenedPage =
  | { readonly accountId: string; readonly discountCode: string | null; readonly expiresAt: number }
  | { readonly problem: PageLinkProblem };

/** What a page link opens, and using it up. */
@Injectable()
export class PageLinks {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async open(token: string, purpose: PagePurpose): Promise<OpenedPage> {
    if (!isPageLinkToken(token)) return { problem: 'UNKNOWN' };
    const { state } = await loadStream(this.store, pageLinkStream(digestOf(token)), pageLinkDecider);
    const problem = pageLinkProblemOf(state, purpose, this.clock.now());
    if (problem || state.status === 'NONE') return { problem: problem ?? 'UNKNOWN' };
    return { accountId: state.accountId, discountCode: state.discountCode, expiresAt: state.expiresAt };
  }

  /** Uses the link up; refused (LINK_INVALID) when it was used meanwhile or has expired. */
  async use(token: string, purpose: PagePurpose): Promise<void> {
    const digest = digestOf(token);
    const command = { type: 'UsePageLink', data: { digest, purpose, at: this.clock.now() } } as const;
    await handleCommand(this.store, pageLinkStream(digest), pageLinkDecider, command);
  }
}
