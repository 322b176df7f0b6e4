import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomInt, randomUUID } from 'node:crypto';
import { dnsDomainDecider, dnsDomainStream } from '../../domain/dns-domains/dns-domain';
import { accountDecider, AccountKind, accountStream } from '../../domain/identity/account';
import { emailDecider, emailStream } from '../../domain/identity/email-registry';
import { marketListingDecider, marketListingStream, openListingAt } from '../../domain/marketplace/listing';
import { domainActivityDecider, domainActivityStream } from '../../domain/operations/domain-activity';
import {
  operationRunningRefusal,
  PushFacts,
  PushRefusal,
  pushRefusalOf,
  pushTargetProblemOf,
} from '../../domain/portfolio/domain-push';
import {
  isCodeForPush,
  livePushCodeOf,
  PUSH_CODE_TTL_MS,
  pushCodeDecider,
  pushCodeStream,
} from '../../domain/portfolio/push-code';
import { idPattern } from '../../domain/shared/ids';
import { storedNameOf } from '../../domain/shared/names';
import { AccountNames } from '../dns-domains/account-names';
import { SecretBox } from '../identity/identity.ports';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { loadStream, transact, writeAfter } from '../shared/handle-command';

/** What a push did: the names moved, those that could not be with why, and what to tell the user. */
export interface PushOutcome {
  readonly success: boolean;
  readonly pushedDomains: readonly string[];
  readonly failedDomains: readonly (PushRefusal & { readonly domain: string })[];
  readonly targetAccountId: string;
  readonly message: string;
}

/**
 * `svc_domain_push`: moves names (as stored) to another user's account, named by its id or its email address,
 * confirmed by the code mailed for this very push. Without that code, one is mailed and nothing moves. `web3Held`:
 * the names the account holds as blockchain domains, which a push does not move.
 */
export class PushDomains extends Command<PushOutcome> {
  constructor(
    readonly accountId: string,
    readonly names: readonly string[],
    readonly target: string,
    readonly otpCode: string | undefined,
    readonly web3Held: readonly string[],
  ) {
    super();
  }
}

/** The email address shown of a mailbox: its first character and its domain (`a***@example.net`). */
const maskedEmail = (email: string): string => `${email[0]}***${email.slice(email.indexOf('@'))}`;

@CommandHandler(PushDomains)
export class PushDomainsHandler implements ICommandHandler<PushDomains> {
  constructor(
    private readonly store: EventStore,
    private readonly names: AccountNames,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, names, target, otpCode, web3Held }: PushDomains): Promise<PushOutcome> {
    const unique = [...new Set(names)];
    const targetAccount = await this.accountOf(target);
    const answer = (failed: PushOutcome['failedDomains'], message: string, pushed: string[] = []): PushOutcome => ({
      success: pushed.length > 0,
      pushedDomains: pushed,
      failedDomains: failed,
      targetAccountId: targetAccount?.id ?? target,
      message,
    });
    const targetProblem = pushTargetProblemOf(accountId, targetAccount);
    if (targetProblem) return answer([], targetProblem);
    const refusals = await Promise.all(
      unique.map(async (name) => ({
        name,
        refusal: pushRefusalOf(name, await this.factsOf(accountId, name, web3Held)),
      })),
    );
    const failed = refusals.flatMap(({ name, refusal }) => (refusal ? [{ domain: name, ...refusal }] : []));
    const pushable = refusals.filter(({ refusal }) => !refusal).map(({ name }) => name);
    if (pushable.length === 0) return answer(failed, 'none of the names can be pushed');
    const request = { targetAccountId: targetAccount!.id, names: pushable };
    const now = this.clock.now();
    const code = await loadStream(this.store, pushCodeStream(accountId), pushCodeDecider);
    if (otpCode === undefined || !isCodeForPush(code.state, request, now)) {
      return answer(failed, await this.mailCode(accountId, request, code.state, now));
    }
    return this.push(accountId, request, otpCode, now, (pushed, message, busy = []) =>
      answer([...failed, ...busy], message, pushed),
    );
  }

  /** The account a push names, by its id or by the email address it signed up with. */
  private async accountOf(target: string): Promise<{ id: string; kind: AccountKind } | null> {
    let id = target;
    if (!idPattern('account').test(target)) {
      const email = await loadStream(this.store, emailStream(target.trim().toLowerCase()), emailDecider);
      if (!email.state.accountId) return null;
      id = email.state.accountId;
    }
    const { state } = await loadStream(this.store, accountStream(id), accountDecider);
    return state.status === 'OPEN' ? { id: state.id, kind: state.kind } : null;
  }

  private async factsOf(accountId: string, name: string, web3Held: readonly string[]): Promise<PushFacts> {
    const [domain, activity, listing] = await Promise.all([
      loadStream(this.store, dnsDomainStream(name), dnsDomainDecider),
      loadStream(this.store, domainActivityStream(name), domainActivityDecider),
      loadStream(this.store, marketListingStream(name), marketListingDecider),
    ]);
    const mine = domain.state.status === 'REGISTERED' && domain.state.accountId === accountId;
    const held = mine ? 'dns' : web3Held.includes(name) ? 'web3' : null;
    const registered = mine ? await this.names.find(accountId, storedNameOf(name)) : undefined;
    const market = listing.state;
    return {
      held,
      phase: registered?.info.phase ?? null,
      operationRunning: activity.state.openOperationId !== null,
      market: market.leased
        ? 'leased'
        : market.reservation
          ? 'reserved'
          : registered && openListingAt(market, registered.now)
            ? 'listed'
            : null,
    };
  }

  /**
   * Mails a code for this push, unless one mailed for it is still good (asking again without it sends no more mail):
   * a new code replaces the one before, so only the latest push asked can be confirmed.
   */
  private async mailCode(
    accountId: string,
    request: { targetAccountId: string; names: string[] },
    state: Parameters<typeof livePushCodeOf>[0],
    now: number,
  ): Promise<string> {
    const { state: account } = await loadStream(this.store, accountStream(accountId), accountDecider);
    const email = account.status === 'OPEN' ? account.email : null;
    if (!email) return 'this account has no email address to send the confirmation code to';
    const again = `call svc_domain_push again with the same domains and targetAccountId, and the code as otpCode`;
    if (isCodeForPush(state, request, now)) {
      return `a code for this push was mailed to ${maskedEmail(email)} already: ${again}`;
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await transact(this.store, {}, async (streams) => {
      const stream = await streams.load(pushCodeStream(accountId), pushCodeDecider);
      const events = pushCodeDecider.decide(
        {
          type: 'IssuePushCode',
          data: {
            accountId,
            ...request,
            codeDigest: this.box.keyedDigest(code),
            sealedCode: this.box.seal(code),
            expiresAt: now + PUSH_CODE_TTL_MS,
            at: now,
          },
        },
        stream.state,
      );
      return { writes: [writeAfter(stream, events)], result: null };
    });
    return `a 6-digit code was mailed to ${maskedEmail(email)} to confirm this push: ${again}, within ${PUSH_CODE_TTL_MS / 60_000} minutes`;
  }

  /**
   * Uses the code and hands the names over in one append: a code moves its names once, or nothing moves. Each name's
   * activity stream is read in the same attempt: an operation that started on a name since its facts were read leaves
   * everything in place, code unused, and the push claims and releases each name in its append, so an operation that
   * starts while it is being decided makes the append conflict and the push decide again.
   */
  private async push<T>(
    accountId: string,
    request: { targetAccountId: string; names: string[] },
    otpCode: string,
    now: number,
    answer: (pushed: string[], message: string, busy?: PushOutcome['failedDomains']) => T,
  ): Promise<T> {
    const pushId = `push-${randomUUID()}`;
    type Outcome = 'rejected' | 'pushed' | { readonly busy: string[] };
    const { result: outcome } = await transact<Outcome>(this.store, {}, async (streams) => {
      const code = await streams.load(pushCodeStream(accountId), pushCodeDecider);
      const used = pushCodeDecider.decide(
        { type: 'UsePushCode', data: { accountId, ...request, codeDigest: this.box.keyedDigest(otpCode), at: now } },
        code.state,
      );
      if (used[0]?.type !== 'PushCodeUsed') {
        return { writes: [writeAfter(code, used)], result: 'rejected' };
      }
      const activities = await Promise.all(
        request.names.map((name) => streams.load(domainActivityStream(name), domainActivityDecider)),
      );
      const busy = request.names.filter((_name, n) => activities[n].state.openOperationId !== null);
      if (busy.length > 0) return { writes: [], result: { busy } };
      const held = activities.map((activity, n) => {
        const claim = { domain: request.names[n], operationId: pushId, accountId, at: now };
        const started = domainActivityDecider.decide({ type: 'ClaimDomain', data: claim }, activity.state);
        const released = domainActivityDecider.decide(
          { type: 'ReleaseDomain', data: { domain: claim.domain, operationId: pushId, at: now } },
          started.reduce(domainActivityDecider.evolve, activity.state),
        );
        return writeAfter(activity, [...started, ...released]);
      });
      const handovers = await Promise.all(
        request.names.map(async (name) => {
          const domain = await streams.load(dnsDomainStream(name), dnsDomainDecider);
          const data = {
            name,
            fromAccountId: accountId,
            toAccountId: request.targetAccountId,
            operationId: pushId,
            at: now,
          };
          return writeAfter(domain, dnsDomainDecider.decide({ type: 'HandOverDnsDomain', data }, domain.state));
        }),
      );
      return { writes: [writeAfter(code, used), ...handovers, ...held], result: 'pushed' };
    });
    if (outcome === 'pushed') return answer(request.names, `${request.names.length} domain(s) pushed`);
    if (outcome !== 'rejected') {
      const busy = outcome.busy.map((name) => ({ domain: name, ...operationRunningRefusal(name) }));
      return answer(
        [],
        'an operation started on a name meanwhile: nothing was pushed, and the code is still good',
        busy,
      );
    }
    const { state } = await loadStream(this.store, pushCodeStream(accountId), pushCodeDecider);
    const left = livePushCodeOf(state, now)
      ? 'try again'
      : 'no tries are left: call again without otpCode for a new code';
    return answer([], `the code is not the one mailed for this push: ${left}`);
  }
}
