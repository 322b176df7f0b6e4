import { Dependency, ExistingOperation } from '../../domain/operations/operation';
import { Parameters } from '../../domain/operations/operation.events';
import { unicodeFormOf } from '../../domain/shared/idna';
import { partnerType } from '../shared/partner-type';
import { presentResellerOperation } from './reseller-operation-view';

/**
 * An operation as `GET /operations/{id}` answers it (`interface-spec.md`, `decisions.md` §3): the one shape the
 * HTTP surfaces and the webhook deliveries (`decisions.md` §6) both send, so a delivery is exactly what a GET shows.
 */
export type OperationView = Readonly<Record<string, unknown>>;

/** Dependencies a chain transaction carries out; the others are platform work (wallets, webhooks). */
export const BLOCKCHAIN_DEPENDENCIES: ReadonlySet<string> = new Set([
  'MINT',
  'UPDATE_RECORDS',
  'TRANSFER',
  'RETURN',
  'SET_REVERSE',
]);

/** The parameters a partner sees of a blockchain dependency; routing details (custody, chain) stay inside. */
const publicChainParameters = (dependency: Dependency): Parameters => {
  const p = dependency.parameters;
  switch (dependency.type) {
    case 'MINT':
      return { toAddress: p.toAddress, initialRecords: p.initialRecords ?? {} };
    case 'UPDATE_RECORDS':
      return { recordUpdates: p.recordUpdates ?? {}, resetRecords: p.resetRecords === true };
    case 'TRANSFER':
      return { fromAddress: p.ownerAddress, toAddress: p.toAddress, resetRecords: p.resetRecords === true };
    case 'RETURN':
      return { fromAddress: p.ownerAddress };
    case 'SET_REVERSE':
      return { address: p.ownerAddress, primaryDomain: p.primaryDomain ?? null };
    default:
      return {};
  }
};

/**
 * The parameters and result a partner sees of platform work, in the reference's shapes: a webhook named by `id`,
 * a created wallet by its `address`. Work of other kinds (tests run their own steps) is shown as stored.
 */
const publicPlatformWork = (dependency: Dependency): { parameters: Parameters; result?: Parameters } => {
  const { parameters: p, result } = dependency;
  switch (dependency.type) {
    case 'WALLET_CREATE': {
      const wallet = result?.wallet as { address?: string } | undefined;
      return { parameters: p, ...(wallet?.address ? { result: { address: wallet.address } } : {}) };
    }
    case 'WEBHOOK_CREATE':
    case 'WEBHOOK_DELETE': {
      const parameters = { id: p.webhookId, type: p.type, url: p.url };
      return dependency.type === 'WEBHOOK_CREATE' && result
        ? { parameters, result: { id: p.webhookId } }
        : { parameters };
    }
    default:
      return { parameters: p, ...(result ? { result } : {}) };
  }
};

/**
 * What was sent or is to be signed: the signing request while it waits, the sent transaction once done. `hash` is
 * left out until the transaction is sent (`decisions.md` §3: the reference types it as a string, never null).
 */
const transactionOf = (dependency: Dependency): Parameters => {
  const blockchain = dependency.parameters.blockchain;
  const shown =
    dependency.status === 'SIGNATURE_REQUIRED' && dependency.transaction
      ? dependency.transaction
      : ((dependency.result?.transaction as Parameters | undefined) ?? {});
  // signing requests stored before this rule carry `hash: null`
  const { hash, ...rest } = shown;
  return { blockchain, ...rest, ...(typeof hash === 'string' ? { hash } : {}) };
};

const presentDependency = (namespace: string, dependency: Dependency): OperationView => {
  const error = dependency.error ? { error: dependency.error } : {};
  if (BLOCKCHAIN_DEPENDENCIES.has(dependency.type)) {
    return {
      id: dependency.id,
      '@type': partnerType(namespace, 'BlockchainOperation'),
      type: dependency.type,
      status: dependency.status,
      parameters: publicChainParameters(dependency),
      transaction: transactionOf(dependency),
      ...error,
    };
  }
  return {
    id: dependency.id,
    '@type': partnerType(namespace, 'PlatformOperation'),
    type: dependency.type,
    status: dependency.status,
    ...publicPlatformWork(dependency),
    ...error,
  };
};

/** The operation in its surface's vocabulary. */
export const presentOperation = (namespace: string, op: ExistingOperation): OperationView =>
  op.surface === 'reseller' ? presentResellerOperation(namespace, op) : presentWeb3Operation(namespace, op);

const presentWeb3Operation = (namespace: string, op: ExistingOperation): OperationView => ({
  '@type': partnerType(namespace, 'Operation'),
  id: op.id,
  status: op.status,
  type: op.type,
  ...(op.domain ? { domain: op.domain, unicodeDomain: unicodeFormOf(op.domain) } : {}),
  lastUpdatedTimestamp: op.updatedAt,
  ...(op.preview && op.validUntil !== null ? { validUntilTimestamp: op.validUntil } : {}),
  // a preview quotes what its commit would charge or credit, in the shape of the account's billing transactions
  ...(op.preview
    ? {
        billing: (op.quote ?? []).map(({ type, reason, amountCents }) => ({
          type,
          reason,
          amount: { usdCents: amountCents },
        })),
      }
    : {}),
  dependencies: op.dependencies.map((dependency) => presentDependency(namespace, dependency)),
});
