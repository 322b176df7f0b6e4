import Resolution, {
  BlockchainType,
  ResolutionError,
  ResolutionErrorCode,
  UnsLayerSource,
} from '@unstoppabledomains/resolution';
import Networking from '@unstoppabledomains/resolution/build/utils/Networking';
import Tlds from '@unstoppabledomains/resolution/build/utils/Tlds';

/**
 * The published client `@unstoppabledomains/resolution` (9.3.3) as a referee: the same questions asked through a
 * resolution API (our surface E) and straight from the chains must get the same answers.
 *
 * Everything the client sends goes through the static `Networking.fetch` and it decides which naming service owns a
 * TLD from the static `Tlds` table; both are module-level state, shared by every `Resolution` of one Jest test file.
 */

export type Blockchain = 'ETH' | 'MATIC' | 'BASE';

/** An answer or the client's error code, so that answers and refusals compare with `toEqual`. */
export type Outcome<T> = { readonly value: T } | { readonly error: string };

export interface Referee {
  /** The unwrapped client, for asserting its raw behaviour. */
  readonly client: Resolution;
  owner(name: string): Promise<Outcome<string | null>>;
  records(name: string, keys: string[]): Promise<Outcome<Record<string, string>>>;
  /** Only the keys that have a value. */
  allRecords(name: string): Promise<Outcome<Record<string, string>>>;
  addr(name: string, ticker: string): Promise<Outcome<string | undefined>>;
}

type TldMeta = Record<string, { namingService: 'UNS'; registrationBlockchain: Blockchain }>;
interface SupportedTlds {
  readonly tlds: string[];
  readonly meta: TldMeta;
}

// ---- the client's network access -------------------------------------------------------------------------------

/** URL prefixes the client may reach, with the headers to add; anything else is refused. */
const reachable = new Map<string, Record<string, string>>();
const clientFetch = Networking.fetch.bind(Networking);

/**
 * Keeps the client off the internet (it would otherwise fetch api.unstoppabledomains.com/resolve/supported_tlds,
 * unreachable here, and a referee must not depend on it) and lets a request carry our API key: 9.3.3's API mode sends
 * no credentials at all, only `X-user-agent`.
 */
Networking.fetch = (url, options) => {
  // the longest prefix decides: `<service>/chains/` (the client sends its own key) within `<service>/` (we add it)
  const prefix = [...reachable.keys()]
    .filter((candidate) => url.startsWith(candidate))
    .sort((a, b) => b.length - a.length)[0];
  if (prefix === undefined) return Promise.reject(new Error(`resolution referee: the client tried to reach ${url}`));
  return clientFetch(url, { ...options, headers: { ...options?.headers, ...reachable.get(prefix) } });
};

/**
 * Seeds the client's TLD table, so it never loads it itself. It only reads `meta[tld].namingService` ('UNS') and
 * whether `registrationBlockchain` is 'BASE' (→ its UNS_BASE service); any other blockchain means the ETH+POL service.
 */
const seedTlds = (table: SupportedTlds): void => {
  const tlds = Tlds as unknown as { supportedTlds?: string[]; tldsMeta?: TldMeta };
  tlds.supportedTlds = [...new Set([...(tlds.supportedTlds ?? []), ...table.tlds])];
  tlds.tldsMeta = { ...tlds.tldsMeta, ...table.meta };
};

// ---- the two modes -------------------------------------------------------------------------------------------

/**
 * The client in API mode (`sourceConfig.uns = { api: true, url }`, its `UdApi`): every question is one
 * `GET <url>/<name>`, so `url` is `<baseUrl>/domains`. It reads only `meta.owner` and `records`. The TLD table it
 * needs is loaded from `<baseUrl>/supported_tlds`, which is what the client would fetch from UD's own API.
 */
export const apiReferee = async (baseUrl: string, apiKey: string): Promise<Referee> => {
  const base = baseUrl.replace(/\/+$/, '');
  reachable.set(`${base}/`, { Authorization: `Bearer ${apiKey}` });
  const response = await Networking.fetch(`${base}/supported_tlds`);
  if (!response.ok) throw new Error(`GET ${base}/supported_tlds answered ${response.status}`);
  seedTlds((await response.json()) as SupportedTlds);
  // `apiKey` at the top level is no help: it points the client at UD's hosted JSON-RPC proxy instead
  const client = new Resolution({ sourceConfig: { uns: { api: true, url: `${base}/domains` } } });
  // API mode does not look at the owner before answering records (an unregistered name has every record '') and
  // answers '' for a missing record where on-chain mode throws: both are brought to on-chain mode's answers, the
  // first by asking for the owner first (it throws UnregisteredDomain on `meta.owner: null`)
  const registered = async (name: string): Promise<void> => {
    await client.owner(name);
  };
  return {
    client,
    owner: (name) => outcome(() => client.owner(name)),
    records: (name, keys) =>
      outcome(async () => {
        await registered(name);
        return client.records(name, keys);
      }),
    allRecords: (name) =>
      outcome(async () => {
        await registered(name);
        return withValues(await client.allRecords(name));
      }),
    addr: (name, ticker) =>
      outcome(async () => {
        await registered(name);
        const address = await client.addr(name, ticker);
        if (!address)
          throw new ResolutionError(ResolutionErrorCode.RecordNotFound, {
            domain: name,
            recordName: `crypto.${ticker.toUpperCase()}.address`,
          });
        return address;
      }),
  };
};

/**
 * The client configured as a user of the real service configures it, with the service's URL and a resolution key
 * alone: its UNS locations are the service's chain proxy (`<baseUrl>/chains/{eth,matic,base}/rpc`) with
 * `proxyServiceApiKey`, as `new Resolution({ apiKey })` builds them for UD's own URL; the proxy reader is the one
 * the client knows for each network. It reads ETH and POL, BASE for its TLDs, and ENS through the service alone.
 */
export const proxyReferee = async (baseUrl: string, apiKey: string): Promise<Referee> => {
  const base = baseUrl.replace(/\/+$/, '');
  reachable.set(`${base}/chains/`, {}); // the client's own Authorization header, nothing added
  const response = await Networking.fetch(`${base}/supported_tlds`);
  if (!response.ok) throw new Error(`GET ${base}/supported_tlds answered ${response.status}`);
  seedTlds((await response.json()) as SupportedTlds);
  const location = (chain: string, network: string, blockchain: BlockchainType) => ({
    url: `${base}/chains/${chain}/rpc`,
    network,
    proxyServiceApiKey: apiKey,
    blockchain,
  });
  const client = new Resolution({
    sourceConfig: {
      uns: {
        locations: {
          Layer1: location('eth', 'mainnet', BlockchainType.ETH),
          Layer2: location('matic', 'polygon-mainnet', BlockchainType.POL),
          base: location('base', 'base-mainnet', BlockchainType.BASE),
        },
      },
      // as `apiKey` configures it: ENS (which `reverse` asks when UNS has no answer) through the ETH proxy too
      ens: { url: `${base}/chains/eth/rpc`, network: 'mainnet', proxyServiceApiKey: apiKey },
    },
  });
  return onChainAnswers(client);
};

export interface ChainSource {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly proxyReader: string;
}

/**
 * The client's names for the chains it reads; a name outside its list would be accepted too, given the proxy reader.
 */
const networks: Record<number, string> = { 1: 'mainnet', 137: 'polygon-mainnet', 8453: 'base-mainnet' };
/** A chain with no contracts: every `eth_call` answers '0x', which the client reads as "no such name". */
const noChain: UnsLayerSource = { network: 'mainnet', provider: { request: async () => '0x' } };

/**
 * The client in on-chain mode: ProxyReader `getData` over `eth_call` at the given RPC urls. It reads ETH (chain 1,
 * its `Layer1`) and POL (137, `Layer2`) together, the L2 answer winning when it has an owner, and requires both;
 * a missing one is a chain with nothing on it. BASE (8453) is a separate service the client builds only when
 * `locations.base` is given, for TLDs whose `registrationBlockchain` is BASE, again paired with ETH.
 */
export const chainReferee = (
  chains: readonly ChainSource[],
  tlds: readonly { tld: string; blockchain: Blockchain }[],
): Referee => {
  for (const chain of chains) reachable.set(chain.rpcUrl, {});
  seedTlds({
    tlds: tlds.map(({ tld }) => tld),
    meta: Object.fromEntries(
      tlds.map(({ tld, blockchain }) => [tld, { namingService: 'UNS', registrationBlockchain: blockchain }]),
    ),
  });
  const layer = (chainId: number): UnsLayerSource | undefined => {
    const chain = chains.find((candidate) => candidate.chainId === chainId);
    // the network name only picks a default proxy reader, which we override (though the published addresses are
    // the local ones too)
    return chain && { url: chain.rpcUrl, network: networks[chainId], proxyReaderAddress: chain.proxyReader };
  };
  const base = layer(8453);
  const client = new Resolution({
    sourceConfig: {
      uns: {
        locations: {
          Layer1: layer(1) ?? noChain,
          Layer2: layer(137) ?? noChain,
          // without `blockchain` the client would label BASE answers (in `locations()`) as POL
          ...(base && { base: { ...base, blockchain: BlockchainType.BASE } }),
        },
      },
    },
  });
  return onChainAnswers(client);
};

/** The answers of the client in on-chain mode, whichever nodes it reads. */
const onChainAnswers = (client: Resolution): Referee => ({
  client,
  owner: (name) => outcome(() => client.owner(name)),
  records: (name, keys) => outcome(() => client.records(name, keys)),
  // all keys the client knows (its resolver-keys.json), '' for each one the name does not have
  allRecords: (name) => outcome(async () => withValues(await client.allRecords(name))),
  addr: (name, ticker) => outcome(() => client.addr(name, ticker)),
});

const outcome = async <T>(ask: () => Promise<T>): Promise<Outcome<T>> => {
  try {
    return { value: await ask() };
  } catch (error) {
    if (error instanceof ResolutionError) return { error: error.code };
    throw error;
  }
};

const withValues = (records: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(records).filter(([, value]) => value !== ''));
