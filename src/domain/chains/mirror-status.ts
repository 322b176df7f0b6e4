/** How far an index of a chain trails the chain itself, as `GET /resolve/status` reports it. */
export interface MirrorStatus {
  readonly isUpToDate: boolean;
  /** The chain's head; null when its node did not answer. */
  readonly latestNetworkBlock: number | null;
  /** The last block indexed; null before the first. */
  readonly latestMirroredBlock: number | null;
  readonly networkId: number;
  readonly acceptableDelayInBlocks: number;
}

/** Up to date while the index trails the head by no more than the acceptable delay; unknown counts as behind. */
export const mirrorStatusOf = (
  networkId: number,
  latestNetworkBlock: number | null,
  latestMirroredBlock: number | null,
  acceptableDelayInBlocks: number,
): MirrorStatus => ({
  isUpToDate:
    latestNetworkBlock !== null &&
    latestMirroredBlock !== null &&
    latestNetworkBlock - latestMirroredBlock <= acceptableDelayInBlocks,
  latestNetworkBlock,
  latestMirroredBlock,
  networkId,
  acceptableDelayInBlocks,
});
