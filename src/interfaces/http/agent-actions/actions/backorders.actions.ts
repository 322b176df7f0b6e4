import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  BackorderCancellation,
  BackorderPlacement,
  CancelBackorders,
  PlaceBackorders,
} from '../../../../application/dns-domains/backorders.commands';
import { Principal } from '../../../../application/identity/authenticator';
import { domainNameForms } from '../../../../domain/shared/idna';
import { storedNameOf } from '../../../../domain/shared/names';
import { BackorderRow } from '../../../../projections/drops/backorder-list.projection';
import {
  DROP_SCAN_LIMIT,
  ExpiredName,
  ListBackorders,
  ListExpiringNames,
} from '../../../../projections/drops/drops.queries';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { BackorderCancelBody, BackorderCreateBody, BackordersListBody, ExpiredsListBody } from './backorder-bodies.dto';
import { bulkAnswer } from './dns-changes';
import { isoOrNull } from './portfolio-views';

/** An offset page of `items` and its pagination, as the portfolio's. */
const pageOf = <T>(items: readonly T[], offset: number, limit: number) => {
  const page = items.slice(offset, offset + limit);
  const hasMore = offset + page.length < items.length;
  return {
    page,
    pagination: {
      total: items.length,
      count: page.length,
      offset,
      limit,
      hasMore,
      nextOffset: hasMore ? offset + page.length : null,
    },
  };
};

@Injectable()
export class ExpiredsListAction implements AgentActionHandler<ExpiredsListBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_expireds_list',
    title: 'Find expiring domains about to drop',
    description:
      'Domain names the registry is deleting, with the time each drops (deletionTimestamp, epoch ms) and how many backorders wait for it: COMING_SOON while its holder can still renew or restore it, AVAILABLE_BACKORDER once nothing can save it. Filter by text, TLDs, label length, backorders or watchers; sort by name, deletionAt (default: next to drop first), labelLength, watchlistCount or backorderCount. Backorder one with svc_backorder_create, giving its deletionTimestamp.',
    body: ExpiredsListBody,
    access: { scope: 'domains:search' },
    effects: { readOnly: true, idempotent: true, openWorld: true },
    answer: 'ExpiredsListResponse',
  };

  constructor(private readonly queries: QueryBus) {}

  async run(body: ExpiredsListBody) {
    const { names, truncated } = await this.queries.execute<
      ListExpiringNames,
      { names: readonly ExpiredName[]; truncated: boolean }
    >(new ListExpiringNames());
    const query = body.query?.trim().toLowerCase();
    const within = (value: number, range?: number[]) => !range || (value >= range[0] && value <= range[1]);
    const chosen = names.filter(
      (name) =>
        (!query || name.name.includes(query)) &&
        (!body.status || name.status === body.status) &&
        (!body.tlds?.length || body.tlds.map((tld) => tld.toLowerCase().replace(/^\./, '')).includes(name.tld)) &&
        within(name.labelLength, body.lengthRange) &&
        within(name.backorderCount, body.bidsRange) &&
        within(0, body.watchlistRange),
    );
    const keys: Record<string, (name: ExpiredName) => string | number> = {
      name: (name) => name.name,
      deletionAt: (name) => name.deletionTimestamp,
      labelLength: (name) => name.labelLength,
      watchlistCount: () => 0,
      backorderCount: (name) => name.backorderCount,
    };
    const key = keys[body.sortBy ?? 'deletionAt'];
    const direction = body.sortDirection === 'DESC' ? -1 : 1;
    const sorted = [...chosen].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return (x < y ? -1 : x > y ? 1 : a.name < b.name ? -1 : 1) * direction;
    });
    const { page, pagination } = pageOf(sorted, body.offset ?? 0, body.limit ?? 100);
    return {
      domains: page.map((name) => ({
        name: name.name,
        deletionTimestamp: name.deletionTimestamp,
        status: name.status,
        labelLength: name.labelLength,
        watchlistCount: 0,
        backorderCount: name.backorderCount,
      })),
      // the reference's drop list gives nextOffset only where there is one (a number, never null)
      pagination: { ...pagination, nextOffset: pagination.nextOffset ?? undefined },
      truncated,
      ...(truncated
        ? { truncationMessage: `More than ${DROP_SCAN_LIMIT} names are on their way out: the earliest were read.` }
        : {}),
    };
  }
}

const placementView = (placed: BackorderPlacement) =>
  placed.success
    ? {
        name: placed.name,
        success: true,
        backorderId: placed.backorder.backorderId,
        price: placed.backorder.priceCents,
        serviceFee: placed.backorder.serviceFeeCents,
        status: placed.backorder.status,
      }
    : { name: placed.name, success: false, error: placed.error };

@Injectable()
export class BackorderCreateAction implements AgentActionHandler<BackorderCreateBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_backorder_create',
    title: 'Backorder domains about to drop',
    description:
      "Asks to register up to 50 names the registry is deleting (svc_expireds_list) the moment they drop, each for one of the user's contacts (contactId) and its drop (availableAfterTimestamp: the name's deletionTimestamp). First come, first served: the earliest backorder on a name wins it; it is registered for a year at the price shown (US cents), paid then from the balance, the promo credits and the latest saved card, and nothing is charged if the registration fails. If the winner cannot pay, the next in line wins. One result per name with its backorderId.",
    body: BackorderCreateBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
    answer: 'BackorderCreateResponse',
    keyed: true,
  };

  constructor(private readonly commands: CommandBus) {}

  async run(body: BackorderCreateBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const malformed = new Map<number, string>();
    const asks = body.domains.flatMap((line, index) => {
      const form = domainNameForms(line.name);
      if (!form) {
        malformed.set(index, line.name);
        return [];
      }
      return [
        { name: storedNameOf(form.name), contactId: line.contactId, availableAfter: line.availableAfterTimestamp },
      ];
    });
    const placed: BackorderPlacement[] = await this.commands.execute(new PlaceBackorders(accountId, asks));
    const results = body.domains.map((line, index) =>
      malformed.has(index)
        ? { name: line.name, success: false, error: `${line.name} is not a domain name` }
        : placementView(placed.shift()!),
    );
    const answer = bulkAnswer(results);
    return { ...answer, message: `${answer.successCount} backorder(s) placed, ${answer.failureCount} refused` };
  }
}

@Injectable()
export class BackorderCancelAction implements AgentActionHandler<BackorderCancelBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_backorder_cancel',
    title: 'Cancel backorders',
    description:
      "Cancels up to 50 of the user's backorders that are still waiting (pending). Nothing was charged for them, so refundAmount is 0; one that has won its name can no longer be cancelled. One result per backorder.",
    body: BackorderCancelBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: true, idempotent: true },
    answer: 'BackorderCancelResponse',
  };

  constructor(private readonly commands: CommandBus) {}

  async run(body: BackorderCancelBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const cancelled: BackorderCancellation[] = await this.commands.execute(
      new CancelBackorders(accountId, body.backorderIds),
    );
    const answer = bulkAnswer(
      cancelled.map((result) =>
        result.success
          ? { backorderId: result.backorderId, domain: result.domain, success: true, refundAmount: 0 }
          : { backorderId: result.backorderId, success: false, error: result.error },
      ),
    );
    return { ...answer, message: `${answer.successCount} backorder(s) cancelled` };
  }
}

@Injectable()
export class BackordersListAction implements AgentActionHandler<BackordersListBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_backorders_list',
    title: "List the user's backorders",
    description:
      "The user's backorders, newest first, with their status: pending (waiting for the drop), in-progress and registration-pending (won, being registered), completed-success (the name is the user's), completed-not-available (another backorder or registrar got it), completed-payment-failed, completed-user-contact-invalid, failed, cancelled. Filter by status and text; offset and limit (1 to 100, default 20) page it.",
    body: BackordersListBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: true, idempotent: true },
    answer: 'BackordersListResponse',
  };

  constructor(private readonly queries: QueryBus) {}

  async run(body: BackordersListBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const rows: readonly BackorderRow[] = await this.queries.execute(new ListBackorders(accountId, body.status ?? []));
    const query = body.query?.trim().toLowerCase();
    const chosen = query ? rows.filter((row) => row.name.includes(query)) : rows;
    const { page, pagination } = pageOf(chosen, body.offset ?? 0, body.limit ?? 20);
    return {
      backorders: page.map((row) => ({
        backorderId: row.backorderId,
        domain: row.name,
        status: row.status,
        price: row.priceCents,
        serviceFee: row.serviceFeeCents,
        availableAfter: row.availableAfter,
        createdAt: isoOrNull(row.placedAt),
        updatedAt: isoOrNull(row.updatedAt),
        ...(row.failure ? { error: row.failure } : {}),
      })),
      pagination,
    };
  }
}
