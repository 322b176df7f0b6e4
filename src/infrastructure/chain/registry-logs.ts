import { Log, parseEventLogs, PublicClient } from 'viem';
import { Address, tokenIdHex } from '../../domain/chains/blockchain';
import { LogPlace, RegistryLogEvent } from '../../domain/chains/registry-log.events';
import { ChainNetwork } from './chain-network';
import { unsArtifact } from './uns-artifacts';

const lower = (address: string): Address => address.toLowerCase() as Address;

type Decoded = Log & { eventName: string; args: Record<string, unknown> };

/**
 * The registry's logs of a block range as events, in chain order. Logs that resolution does not need (approvals,
 * upgrades, initialisation) are left out. A `RemoveReverse` log is completed with the token the address pointed to
 * at the block before, read from the chain's history.
 */
export const registryEventsOf = async (
  client: PublicClient,
  network: ChainNetwork,
  logs: readonly Log[],
): Promise<RegistryLogEvent[]> => {
  const decoded = parseEventLogs({ abi: unsArtifact('UNSRegistry').abi, logs: logs as Log[] }) as unknown as Decoded[];
  const timestamps = await blockTimestamps(client, [...new Set(decoded.map((log) => log.blockNumber as bigint))]);
  const events: RegistryLogEvent[] = [];
  for (const log of decoded) {
    const place: LogPlace = {
      blockchain: network.blockchain,
      networkId: network.chainId,
      registry: lower(network.registry),
      blockNumber: Number(log.blockNumber),
      blockTimestamp: timestamps.get(log.blockNumber as bigint) as number,
      transactionHash: log.transactionHash as string,
      logIndex: Number(log.logIndex),
    };
    const args = log.args;
    switch (log.eventName) {
      case 'Transfer':
        events.push({
          type: 'DomainTransferred',
          data: {
            ...place,
            tokenId: tokenIdHex(args.tokenId as bigint),
            from: lower(args.from as string),
            to: lower(args.to as string),
          },
        });
        break;
      case 'NewURI':
        events.push({
          type: 'DomainNamed',
          data: { ...place, tokenId: tokenIdHex(args.tokenId as bigint), name: (args.uri as string).toLowerCase() },
        });
        break;
      case 'Set':
        events.push({
          type: 'DomainRecordSet',
          data: {
            ...place,
            tokenId: tokenIdHex(args.tokenId as bigint),
            key: args.key as string,
            value: args.value as string,
          },
        });
        break;
      case 'ResetRecords':
        events.push({ type: 'DomainRecordsReset', data: { ...place, tokenId: tokenIdHex(args.tokenId as bigint) } });
        break;
      case 'NewKey':
        events.push({ type: 'RecordKeyAdded', data: { ...place, key: args.key as string } });
        break;
      case 'SetReverse': {
        // a new primary domain replaces the last one without a RemoveReverse of its own: the token it leaves is told
        const address = lower(args.addr as string);
        const tokenId = args.tokenId as bigint;
        const before = await reverseBefore(client, network, args.addr as Address, log.blockNumber as bigint);
        if (before !== 0n && before !== tokenId)
          events.push({ type: 'ReverseResolutionRemoved', data: { ...place, address, tokenId: tokenIdHex(before) } });
        events.push({ type: 'ReverseResolutionSet', data: { ...place, address, tokenId: tokenIdHex(tokenId) } });
        break;
      }
      case 'RemoveReverse': {
        const before = await reverseBefore(client, network, args.addr as Address, log.blockNumber as bigint);
        events.push({
          type: 'ReverseResolutionRemoved',
          data: { ...place, address: lower(args.addr as string), tokenId: before === 0n ? null : tokenIdHex(before) },
        });
        break;
      }
      default:
        break;
    }
  }
  return events;
};

const blockTimestamps = async (client: PublicClient, blocks: readonly bigint[]): Promise<Map<bigint, number>> => {
  const found = await Promise.all(blocks.map((blockNumber) => client.getBlock({ blockNumber })));
  return new Map(found.map((block) => [block.number as bigint, Number(block.timestamp) * 1000]));
};

const reverseBefore = async (
  client: PublicClient,
  network: ChainNetwork,
  address: Address,
  blockNumber: bigint,
): Promise<bigint> =>
  (await client.readContract({
    address: network.registry,
    abi: unsArtifact('UNSRegistry').abi,
    functionName: 'reverseOf',
    args: [address],
    blockNumber: blockNumber - 1n,
  })) as bigint;
