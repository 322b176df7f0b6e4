import { mirrorStatusOf } from './mirror-status';

describe('mirrorStatusOf', () => {
  it('is up to date while the index trails the head by the acceptable delay at most', () => {
    expect(mirrorStatusOf(137, 110, 100, 10)).toEqual({
      isUpToDate: true,
      latestNetworkBlock: 110,
      latestMirroredBlock: 100,
      networkId: 137,
      acceptableDelayInBlocks: 10,
    });
    expect(mirrorStatusOf(137, 111, 100, 10).isUpToDate).toBe(false);
    expect(mirrorStatusOf(1, 100, 100, 0).isUpToDate).toBe(true);
  });

  it('counts an unknown head or an index not yet started as behind', () => {
    expect(mirrorStatusOf(1, null, 100, 10).isUpToDate).toBe(false);
    expect(mirrorStatusOf(1, 5, null, 10).isUpToDate).toBe(false);
  });
});
