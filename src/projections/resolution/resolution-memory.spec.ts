import { StoredEvent } from '../../application/shared/event-store.port';
import { ResolutionMemory } from './resolution-memory';
import { ResolvedDomain, resolution } from './resolution.projection';

const OWNER = '0x8aad44321a86b170879d7a244c1e8d360c99dda8';
const OTHER = '0x000000000000000000000000000000000000beef';
const ZERO = '0x0000000000000000000000000000000000000000';
const TOKEN = '0x01';

let position = 0n;
const stored = (type: string, data: Record<string, unknown>): StoredEvent =>
  ({
    type,
    data: { tokenId: TOKEN, ...data },
    checkpoint: { transactionId: 1n, position: ++position },
  }) as unknown as StoredEvent;

const chain = {
  blockchain: 'MATIC',
  networkId: 80001,
  registry: '0xreg',
  blockNumber: 7,
  blockTimestamp: 1_700_000_000_000,
};
const minted = stored('DomainTransferred', { ...chain, from: ZERO, to: OWNER, transactionHash: '0xaa' });
const named = stored('DomainNamed', { name: 'brad.crypto' });
const reversed = stored('ReverseResolutionSet', {});

/** The same fold as the database's projection: what the memory must equal. */
const folded = (events: readonly StoredEvent[]): ResolvedDomain | undefined =>
  events.reduce<ResolvedDomain | undefined>(
    (row, event) => resolution.evolve(row, event as never, TOKEN) ?? undefined,
    undefined,
  );

describe('the resolution read model in memory', () => {
  it('folds each token as the projection does', () => {
    const memory = new ResolutionMemory();
    const events = [minted, named, stored('DomainRecordSet', { key: 'crypto.ETH.address', value: OWNER })];
    memory.apply(events);
    expect(memory.byToken(TOKEN)).toEqual(folded(events));
    expect(memory.byToken(TOKEN)).toMatchObject({ name: 'brad.crypto', records: { 'crypto.ETH.address': OWNER } });
    expect(memory.count).toBe(1);
  });

  it('starts from a snapshot and follows the events after it', () => {
    const memory = new ResolutionMemory();
    memory.load([folded([minted, named])!]);
    memory.apply([reversed]);
    expect(memory.reverseOf(OWNER)?.name).toBe('brad.crypto');
  });

  it("knows an owner's primary domain until a transfer clears it", () => {
    const memory = new ResolutionMemory();
    memory.apply([minted, named, reversed]);
    expect(memory.reverseOf(OWNER)?.tokenId).toBe(TOKEN);
    memory.apply([stored('DomainTransferred', { ...chain, from: OWNER, to: OTHER, transactionHash: '0xbb' })]);
    expect(memory.reverseOf(OWNER)).toBeUndefined();
    expect(memory.reverseOf(OTHER)).toBeUndefined();
    expect(memory.byToken(TOKEN)?.owner).toBe(OTHER);
  });

  it('finds a named token by its name, and an unnamed one by no name', () => {
    const memory = new ResolutionMemory();
    memory.apply([minted]);
    expect(memory.byName('brad.crypto')).toBeUndefined();
    memory.apply([named]);
    expect(memory.byName('brad.crypto')).toBe(memory.byToken(TOKEN));
    expect(memory.byName('other.crypto')).toBeUndefined();
  });

  it('forgets the name of a burned token, and keeps it through a transfer', () => {
    const memory = new ResolutionMemory();
    memory.apply([minted, named]);
    memory.apply([stored('DomainTransferred', { ...chain, from: OWNER, to: OTHER, transactionHash: '0xbb' })]);
    expect(memory.byName('brad.crypto')?.owner).toBe(OTHER);
    memory.apply([stored('DomainTransferred', { ...chain, from: OTHER, to: ZERO, transactionHash: '0xcc' })]);
    expect(memory.byName('brad.crypto')).toBeUndefined();
  });

  it('keeps the name of a token whose document is replaced by one of another token with the same name', () => {
    const memory = new ResolutionMemory();
    const row = folded([minted, named])!;
    memory.load([row, { ...row, tokenId: '0x02' }]);
    memory.load([{ ...row, name: 'renamed.crypto' }]);
    expect(memory.byName('brad.crypto')?.tokenId).toBe('0x02');
    expect(memory.byName('renamed.crypto')?.tokenId).toBe(TOKEN);
  });

  it('names no primary domain for a token without a name', () => {
    const memory = new ResolutionMemory();
    memory.apply([minted, reversed]);
    expect(memory.reverseOf(OWNER)).toBeUndefined();
  });

  it('forgets a burned token, and counts what it holds', () => {
    const memory = new ResolutionMemory();
    memory.apply([minted, named]);
    const held = memory.bytes;
    expect(held).toBeGreaterThan(JSON.stringify(memory.byToken(TOKEN)).length);
    memory.apply([stored('DomainTransferred', { ...chain, from: OWNER, to: ZERO, transactionHash: '0xcc' })]);
    expect([memory.byToken(TOKEN), memory.count, memory.bytes]).toEqual([undefined, 0, 0]);
  });

  it('ignores events of other read models', () => {
    const memory = new ResolutionMemory();
    memory.apply([stored('OperationRequested', { operationId: 'op-1' })]);
    expect(memory.count).toBe(0);
  });
});
