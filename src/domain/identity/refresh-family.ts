import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { InvalidGrant } from '../shared/errors';
import { DomainCommand, DomainEvent } from '../shared/message';

/**
 * The refresh tokens descended from one sign-in. Each use rotates the token; presenting one that was already used
 * means it leaked, and the whole family is revoked (`decisions.md` §2). Tokens are kept as digests only.
 */
export const refreshFamilyStream = (familyId: string): string => `refresh-family-${familyId}`;

export type RefreshFamilyStarted = DomainEvent<
  'RefreshFamilyStarted',
  { familyId: string; accountId: string; scope: string; tokenDigest: string; expiresAt: number; at: number }
>;
export type RefreshTokenRotated = DomainEvent<
  'RefreshTokenRotated',
  { familyId: string; fromDigest: string; toDigest: string; expiresAt: number; at: number }
>;
export type RefreshFamilyRevoked = DomainEvent<
  'RefreshFamilyRevoked',
  { familyId: string; reason: 'reuse' | 'revoked'; at: number }
>;
export type RefreshFamilyEvent = RefreshFamilyStarted | RefreshTokenRotated | RefreshFamilyRevoked;

export type StartRefreshFamily = DomainCommand<'StartRefreshFamily', RefreshFamilyStarted['data']>;
export type RotateRefreshToken = DomainCommand<
  'RotateRefreshToken',
  { presentedDigest: string; nextDigest: string; expiresAt: number; at: number }
>;
export type RevokeRefreshFamily = DomainCommand<'RevokeRefreshFamily', { at: number }>;
export type RefreshFamilyCommand = StartRefreshFamily | RotateRefreshToken | RevokeRefreshFamily;

export type RefreshFamily =
  | { readonly status: 'NONE' }
  | {
      readonly status: 'ACTIVE' | 'REVOKED';
      readonly id: string;
      readonly accountId: string;
      readonly scope: string;
      readonly currentDigest: string;
      readonly usedDigests: readonly string[];
      readonly expiresAt: number;
    };

const evolve = (family: RefreshFamily, event: RefreshFamilyEvent): RefreshFamily => {
  switch (event.type) {
    case 'RefreshFamilyStarted': {
      const { familyId: id, accountId, scope, tokenDigest, expiresAt } = event.data;
      return { status: 'ACTIVE', id, accountId, scope, currentDigest: tokenDigest, usedDigests: [], expiresAt };
    }
    case 'RefreshTokenRotated':
      return family.status === 'NONE'
        ? family
        : {
            ...family,
            currentDigest: event.data.toDigest,
            usedDigests: [...family.usedDigests, event.data.fromDigest],
            expiresAt: event.data.expiresAt,
          };
    case 'RefreshFamilyRevoked':
      return family.status === 'NONE' ? family : { ...family, status: 'REVOKED' };
    default:
      return assertNever(event);
  }
};

const rotate = (
  family: RefreshFamily,
  { presentedDigest, nextDigest, expiresAt, at }: RotateRefreshToken['data'],
): RefreshFamilyEvent[] => {
  if (family.status !== 'ACTIVE') throw new InvalidGrant('the refresh token is not valid');
  if (family.usedDigests.includes(presentedDigest)) {
    return [{ type: 'RefreshFamilyRevoked', data: { familyId: family.id, reason: 'reuse', at } }];
  }
  if (presentedDigest !== family.currentDigest) throw new InvalidGrant('the refresh token is not valid');
  if (at > family.expiresAt) throw new InvalidGrant('the refresh token has expired');
  return [
    {
      type: 'RefreshTokenRotated',
      data: { familyId: family.id, fromDigest: presentedDigest, toDigest: nextDigest, expiresAt, at },
    },
  ];
};

const decide = (command: RefreshFamilyCommand, family: RefreshFamily): RefreshFamilyEvent[] => {
  switch (command.type) {
    case 'StartRefreshFamily':
      if (family.status !== 'NONE') throw new InvalidGrant('refresh family exists already');
      return [{ type: 'RefreshFamilyStarted', data: command.data }];
    case 'RotateRefreshToken':
      return rotate(family, command.data);
    case 'RevokeRefreshFamily':
      return family.status === 'ACTIVE'
        ? [{ type: 'RefreshFamilyRevoked', data: { familyId: family.id, reason: 'revoked', at: command.data.at } }]
        : [];
    default:
      return assertNever(command);
  }
};

export const refreshFamilyDecider: Decider<RefreshFamilyCommand, RefreshFamilyEvent, RefreshFamily> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
