import { Abi, encodeFunctionData, encodePacked, getAddress, Hex, keccak256 } from 'viem';
import { ForwardRequest, OwnerCall } from '../../application/chains/chain-reader.port';
import { Address } from '../../domain/chains/blockchain';
import { unsArtifact } from './uns-artifacts';

/** The registry's calls as bytes: what an owner's forward request carries, and the digest the owner signs. */

export const registryAbi = (): Abi => unsArtifact('UNSRegistry').abi;

/** ERC-1271: a contract wallet answers this value when it accepts a signature. */
export const ERC1271_MAGIC = '0x1626ba7e';
export const ERC1271_ABI = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [
      { name: 'hash', type: 'bytes32' },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [{ name: '', type: 'bytes4' }],
  },
] as const;

export const encodeOwnerCall = (call: OwnerCall, from: Address, tokenId: bigint): Hex => {
  switch (call.kind) {
    case 'SET_RECORDS':
      return encodeFunctionData({
        abi: registryAbi(),
        functionName: call.reset ? 'reconfigure' : 'setMany',
        args: [Object.keys(call.records), Object.values(call.records), tokenId],
      });
    case 'SET_REVERSE':
      return encodeFunctionData({ abi: registryAbi(), functionName: 'setReverse', args: [call.name.split('.')] });
    case 'REMOVE_REVERSE':
      return encodeFunctionData({ abi: registryAbi(), functionName: 'removeReverse', args: [] });
    case 'TRANSFER':
      // setOwner keeps the records; transferFrom resets them (the registry clears a token's records on transfer)
      return call.resetRecords
        ? encodeFunctionData({
            abi: registryAbi(),
            functionName: 'transferFrom',
            args: [from, getAddress(call.to), tokenId],
          })
        : encodeFunctionData({ abi: registryAbi(), functionName: 'setOwner', args: [getAddress(call.to), tokenId] });
  }
};

/**
 * What the registry's forwarder recovers the signer from: keccak256(keccak256(data), registry, nonce), signed as raw
 * bytes.
 */
export const forwarderDigest = (request: ForwardRequest, registry: Address): Hex =>
  keccak256(
    encodePacked(['bytes32', 'address', 'uint256'], [keccak256(request.data), getAddress(registry), request.nonce]),
  );

/** A forward request as the write journal keeps it (JSON: bigints as decimal text). */
export interface StoredForwardRequest {
  readonly from: Address;
  readonly nonce: string;
  readonly tokenId: string;
  readonly data: Hex;
}

export const toStored = (request: ForwardRequest): StoredForwardRequest => ({
  from: request.from,
  nonce: request.nonce.toString(),
  tokenId: request.tokenId.toString(),
  data: request.data,
});
export const fromStored = (request: StoredForwardRequest): ForwardRequest => ({
  from: request.from,
  nonce: BigInt(request.nonce),
  tokenId: BigInt(request.tokenId),
  data: request.data,
});
