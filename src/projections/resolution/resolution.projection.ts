import { Projection } from '../../application/shared/projection';
import { Address, Blockchain, ZERO_ADDRESS } from '../../domain/chains/blockchain';
import { DomainRewound, DomainTransferred, RegistryLogEvent } from '../../domain/chains/registry-log.events';
import { assertNever } from '../../domain/shared/assert-never';

/** A domain as the chain shows it, kept under its token id (the namehash of its name). */
export interface ResolvedDomain {
  readonly tokenId: string;
  /** Known from the registry's `NewURI`, which follows the minting transfer in the same transaction. */
  readonly name: string | null;
  readonly tld: string | null;
  readonly blockchain: Blockchain;
  readonly networkId: number;
  readonly owner: Address;
  readonly registry: Address;
  readonly records: Readonly<Record<string, string>>;
  /** Whether the owner's reverse resolution points at this domain. */
  readonly reverse: boolean;
  /** ISO time of the minting block. */
  readonly createdAt: string;
  readonly createdBlock: number;
  /** The last transfer the registry logged (the mint, at first). */
  readonly lastTransfer: LastTransfer;
}

export interface LastTransfer {
  readonly from: Address;
  readonly to: Address;
  readonly blockNumber: number;
  readonly transactionHash: string;
  /** Epoch milliseconds of its block. */
  readonly at: number;
}

const transferOf = ({ from, to, blockNumber, transactionHash, blockTimestamp }: DomainTransferred['data']) => ({
  from,
  to,
  blockNumber,
  transactionHash,
  at: blockTimestamp,
});

type Logged = Exclude<RegistryLogEvent, { type: 'RecordKeyAdded' }>;
type Handled = Logged | DomainRewound;

const evolve = (row: ResolvedDomain | undefined, event: Handled): ResolvedDomain | null => {
  // after a reorganisation: the domain as the logs still on the chain make it, folded from nothing
  if (event.type === 'DomainRewound')
    return event.data.replay.reduce<ResolvedDomain | null>(
      (folded: ResolvedDomain | null, log: RegistryLogEvent) =>
        log.type === 'RecordKeyAdded' ? folded : evolve(folded ?? undefined, log),
      null,
    );
  if (event.type === 'DomainTransferred' && event.data.from === ZERO_ADDRESS) return minted(event.data);
  if (!row) return null; // a log about a token minted before the indexer's first block: nothing to attach it to
  switch (event.type) {
    case 'DomainTransferred':
      return event.data.to === ZERO_ADDRESS
        ? null
        : { ...row, owner: event.data.to, reverse: false, lastTransfer: transferOf(event.data) };
    case 'DomainNamed':
      return { ...row, name: event.data.name, tld: event.data.name.split('.').at(-1) ?? null };
    case 'DomainRecordSet':
      return { ...row, records: withRecord(row.records, event.data.key, event.data.value) };
    case 'DomainRecordsReset':
      return { ...row, records: {} };
    case 'ReverseResolutionSet':
      return { ...row, reverse: true };
    case 'ReverseResolutionRemoved':
      return { ...row, reverse: false };
    default:
      return assertNever(event);
  }
};

/** The registry stores a cleared record as "": resolvers (the published client among them) read that as unset. */
const withRecord = (records: Readonly<Record<string, string>>, key: string, value: string): Record<string, string> => {
  const { [key]: _previous, ...others } = records;
  return value === '' ? others : { ...others, [key]: value };
};

const minted = (data: Extract<Logged, { type: 'DomainTransferred' }>['data']): ResolvedDomain => ({
  tokenId: data.tokenId,
  name: null,
  tld: null,
  blockchain: data.blockchain,
  networkId: data.networkId,
  owner: data.to,
  registry: data.registry,
  records: {},
  reverse: false,
  createdAt: new Date(data.blockTimestamp).toISOString(),
  createdBlock: data.blockNumber,
  lastTransfer: transferOf(data),
});

/** The resolution read model that surface E serves: one document per token, from every chain's registry logs. */
export const resolution: Projection<ResolvedDomain, Handled> = {
  name: 'resolution',
  version: 4, // 2: a record set to "" is removed; 3: the last transfer; 4: reorganisations (DomainRewound)
  handles: [
    'DomainRewound',
    'DomainTransferred',
    'DomainNamed',
    'DomainRecordSet',
    'DomainRecordsReset',
    'ReverseResolutionSet',
    'ReverseResolutionRemoved',
  ],
  idOf: (event) => event.data.tokenId,
  evolve,
};
