import { applyDecorators } from '@nestjs/common';
import { RouteConstraints } from '@nestjs/platform-fastify';
import { FastifyInstance } from 'fastify';
import { IncomingMessage } from 'node:http';
import { PartnerProfile } from '../../../../domain/identity/account';

type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type RouteHandler = Parameters<ReturnType<ConstraintStrategy['storage']>['set']>[1];

const BEARER_JWT = /^Bearer\s+[A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+\s*$/i;
const PROFILES: readonly PartnerProfile[] = ['web3', 'reseller'];

/**
 * The profile a partner key claims, read from its payload without checking its signature. It only picks which
 * surface's route answers; that route's guard then verifies the key, so a forged claim is still refused (401).
 */
export const claimedProfileOf = (authorization: string | string[] | undefined): PartnerProfile | undefined => {
  const match = typeof authorization === 'string' ? BEARER_JWT.exec(authorization) : null;
  if (!match || match[1].length > 4096) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as { profile?: unknown };
    return PROFILES.find((profile) => profile === claims?.profile);
  } catch {
    return undefined;
  }
};

/**
 * Surfaces C and D share `/partner/v3` and several of its paths (`decisions.md` §4: the partner's profile decides
 * which surface answers). A Fastify route constraint routes a request whose key claims the `reseller` profile to
 * surface D's route of the path; every other request (no key, a web3 key, a reseller key on a path only surface C
 * has) reaches the unconstrained route, whose guard answers 401 or 403 in the partner format.
 */
export const partnerProfileStrategy: ConstraintStrategy = {
  name: 'partnerProfile',
  storage: () => {
    const routes = new Map<string, RouteHandler>();
    return {
      get: (profile: string) => routes.get(profile) ?? null,
      set: (profile: string, route: RouteHandler) => void routes.set(profile, route),
    };
  },
  deriveConstraint: (request: IncomingMessage): string | undefined => claimedProfileOf(request.headers.authorization),
  mustMatchWhenDerived: false,
  validate: (value: unknown) => {
    if (!PROFILES.includes(value as PartnerProfile)) throw new Error(`no partner profile ${String(value)}`);
  },
};

/** On a surface D route whose method and path surface C serves too: reseller keys are routed here. */
export const ForResellerKeys = () => applyDecorators(RouteConstraints({ partnerProfile: 'reseller' }));
