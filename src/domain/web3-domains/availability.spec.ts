import { Address } from '../chains/blockchain';
import {
  AvailabilityInput,
  DISALLOWED_LABELS,
  PROTECTED_LABELS,
  RESERVED_LABELS,
  availabilityOf,
} from './availability';
import { parseWeb3Label, parseWeb3Name } from './names';
import { PREMIUM_NAMES } from './pricing';

const SERVICE: Address = '0x5e41ce0000000000000000000000000000000001';
const ALICE: Address = '0xa11ce00000000000000000000000000000000002';
const ZERO: Address = '0x0000000000000000000000000000000000000000';

// the caller parses against the supported endings and the coming-soon ones (see AvailabilityInput.parsed)
const lookup = (input: string, overrides: Partial<AvailabilityInput> = {}) =>
  availabilityOf({
    parsed: parseWeb3Name(input, ['crypto', 'x', 'soon']),
    comingSoonTlds: ['soon'],
    onChainOwner: null,
    serviceAddress: SERVICE,
    heldByOpenClaim: false,
    ...overrides,
  });

describe('availabilityOf', () => {
  it('offers a valid, unminted, unlisted name at its price', () =>
    expect(lookup('qzxwv.crypto')).toEqual({
      status: 'AVAILABLE',
      price: { type: 'STANDARD', listPriceCents: 40_00, subTotalCents: 40_00 },
    }));

  it('offers a premium name at its premium price', () =>
    expect(lookup('bitcoin.x')).toMatchObject({
      status: 'AVAILABLE',
      price: { type: 'PREMIUM', listPriceCents: 50_000_00 },
    }));

  it('passes the pricing options on', () =>
    expect(lookup('qzxwv.x', { pricing: { tldMultipliers: { x: 2 }, discountCents: 500 } })).toMatchObject({
      price: { listPriceCents: 80_00, subTotalCents: 75_00 },
    }));

  it('answers REGISTERED, without a price, for a name minted to someone else', () =>
    expect(lookup('qzxwv.crypto', { onChainOwner: ALICE })).toEqual({ status: 'REGISTERED' }));

  it('offers again a name the service itself holds, e.g. one returned to it', () => {
    expect(lookup('qzxwv.crypto', { onChainOwner: SERVICE })).toMatchObject({ status: 'AVAILABLE' });
    expect(
      lookup('qzxwv.crypto', { onChainOwner: SERVICE.toUpperCase().replace('0X', '0x') as Address }),
    ).toMatchObject({
      status: 'AVAILABLE',
    });
  });

  it('reads the zero address as not minted', () =>
    expect(lookup('qzxwv.crypto', { onChainOwner: ZERO })).toMatchObject({ status: 'AVAILABLE' }));

  it('answers REGISTERED while an unfinished claim holds the name', () =>
    expect(lookup('qzxwv.crypto', { heldByOpenClaim: true })).toEqual({ status: 'REGISTERED' }));

  it('answers PROTECTED for a brand and RESERVED for the service’s own labels', () => {
    expect(lookup('google.crypto')).toEqual({ status: 'PROTECTED' });
    expect(lookup('admin.x')).toEqual({ status: 'RESERVED' });
    expect(lookup('admin.x', { onChainOwner: SERVICE })).toEqual({ status: 'RESERVED' });
  });

  it('answers REGISTERED for a listed name its owner minted: the chain is the fact', () =>
    expect(lookup('google.crypto', { onChainOwner: ALICE })).toEqual({ status: 'REGISTERED' }));

  it('answers DISALLOWED for a name that does not parse or a disallowed label', () => {
    expect(lookup('-bad.crypto')).toEqual({ status: 'DISALLOWED' });
    expect(lookup('pay.alice.crypto')).toEqual({ status: 'DISALLOWED' });
    expect(lookup('alice.com')).toEqual({ status: 'DISALLOWED' });
    expect(lookup('example.crypto')).toEqual({ status: 'DISALLOWED' });
    expect(lookup('example.soon')).toEqual({ status: 'DISALLOWED' });
  });

  it('answers COMING_SOON for any claimable-looking name under a coming-soon ending', () => {
    expect(lookup('qzxwv.soon')).toEqual({ status: 'COMING_SOON' });
    expect(lookup('google.soon')).toEqual({ status: 'COMING_SOON' });
    expect(lookup('qzxwv.soon', { onChainOwner: ALICE })).toEqual({ status: 'COMING_SOON' });
  });

  it('holds every listed label back under every ending: each is kept in the form names are looked up in', () => {
    const lists = [
      [DISALLOWED_LABELS, 'DISALLOWED'],
      [PROTECTED_LABELS, 'PROTECTED'],
      [RESERVED_LABELS, 'RESERVED'],
    ] as const;
    for (const [list, status] of lists) {
      for (const label of list) {
        expect(parseWeb3Label(label)).toMatchObject({ ok: true, label });
        expect([lookup(`${label}.crypto`), lookup(`${label}.x`)]).toEqual([{ status }, { status }]);
      }
    }
  });

  it('keeps the lists apart from each other and from the premium names', () => {
    const lists = [DISALLOWED_LABELS, RESERVED_LABELS, PROTECTED_LABELS];
    const all = [...lists.flatMap((list) => [...list]), ...PREMIUM_NAMES.keys()];
    expect(new Set(all).size).toBe(all.length);
  });
});
