import { getAddress } from 'viem';
import { DomainNameForms, unicodeFormOf } from '../../../domain/shared/idna';
import { LastTransfer, ResolvedDomain } from '../../../projections/resolution/resolution.projection';

interface DomainMeta {
  /** The naming service (the reference's `Uns | Zilliqa | Ens`): every name served here is UNS's. */
  type: 'Uns';
  domain: string | null;
  /** Beside the A-label in `domain`: its Unicode form (the same text for a name that is not an IDN). */
  unicodeDomain: string | null;
  blockchain: string | null;
  networkId: number | null;
  owner: string | null;
  resolver: string | null;
  registry: string | null;
  tokenId: string | null;
  namehash: string | null;
  reverse: boolean | null;
}

export interface DomainBody {
  meta: DomainMeta;
  records: Record<string, string>;
}

/** A handful of registries: their EIP-55 form is computed once (a checksum costs a keccak per call). */
const registries = new Map<string, string>();
const registryChecksum = (registry: string): string => {
  let checksummed = registries.get(registry);
  if (!checksummed) registries.set(registry, (checksummed = getAddress(registry)));
  return checksummed;
};

/** Addresses are served in their EIP-55 form, as chain readers (and the published client) return them. */
export const bodyOf = (domain: ResolvedDomain): DomainBody => ({
  meta: {
    type: 'Uns',
    domain: domain.name,
    unicodeDomain: domain.name === null ? null : unicodeFormOf(domain.name),
    blockchain: domain.blockchain,
    networkId: domain.networkId,
    owner: getAddress(domain.owner),
    resolver: registryChecksum(domain.registry),
    registry: registryChecksum(domain.registry),
    tokenId: BigInt(domain.tokenId).toString(),
    namehash: domain.tokenId,
    reverse: domain.reverse,
  },
  records: { ...domain.records },
});

/** Whether a name ends in one of the TLDs resolved here: any other resolves to nothing, as the spec says. */
export const resolvesEnding = (forms: DomainNameForms, supportedTlds: ReadonlySet<string>): boolean =>
  supportedTlds.has(forms.name.slice(forms.name.lastIndexOf('.') + 1));

export const unknownDomain = (name: { name: string; unicode: string } | null): DomainBody => ({
  meta: {
    type: 'Uns',
    domain: name?.name ?? null,
    unicodeDomain: name?.unicode ?? null,
    blockchain: null,
    networkId: null,
    owner: null,
    resolver: null,
    registry: null,
    tokenId: null,
    namehash: null,
    reverse: null,
  },
  records: {},
});

/** The reference's `DomainLatestTransfer`, with the transaction and its time beside it. */
export const latestTransferOf = (domain: ResolvedDomain, transfer: LastTransfer) => ({
  domain: domain.name ?? '',
  from: getAddress(transfer.from),
  to: getAddress(transfer.to),
  networkId: domain.networkId,
  blockNumber: transfer.blockNumber,
  blockchain: domain.blockchain,
  transactionHash: transfer.transactionHash,
  timestamp: new Date(transfer.at).toISOString(),
});

/**
 * A token's ERC-721 metadata (`name`, `description`, `attributes`), as wallets read it from `tokenURI`; the name is
 * what the published client's `reverse()` takes from it, after checking that it hashes to the token.
 */
export const metadataOf = (domain: ResolvedDomain) => {
  const name = domain.name as string;
  const unicodeName = unicodeFormOf(name);
  return {
    name,
    description: `${unicodeName}: a blockchain domain on ${domain.blockchain}`,
    tokenId: BigInt(domain.tokenId).toString(),
    namehash: domain.tokenId,
    attributes: [
      { trait_type: 'ending', value: domain.tld ?? name.split('.').at(-1) },
      { trait_type: 'length', value: [...unicodeName.split('.')[0]].length },
      { trait_type: 'blockchain', value: domain.blockchain },
    ],
    properties: { records: domain.records },
  };
};
