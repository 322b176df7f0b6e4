import { isBlockchain, isHeld, isReadOnly, tokenIdHex, tokenIdOf } from './blockchain';

describe('blockchains', () => {
  it('knows the chains domains live on by the names the interfaces use', () => {
    expect(['ETH', 'MATIC', 'BASE'].filter(isBlockchain)).toHaveLength(3);
    // an array of one name, as a repeated query parameter arrives, is not a name
    expect(['eth', 'SOL', '', 'toString', 'constructor', 1, null, ['ETH']].some(isBlockchain)).toBe(false);
  });
});

describe('token ids', () => {
  it('are the EIP-137 namehash of the name, however it was typed', () => {
    expect(tokenIdOf('crypto')).toBe('0x0f4a10a4f46c288cea365fcf45cccf0e9d901b945b9829ccdb54c10dc3cb7a6f');
    expect(tokenIdOf(' Alice.Crypto ')).toBe(tokenIdOf('alice.crypto'));
  });

  it('read as 0x and 64 hex digits that sort as text in their numeric order', () => {
    const ids = [0n, 15n, 16n, 255n, 2n ** 255n, 2n ** 256n - 1n].map(tokenIdHex);
    for (const id of ids) expect(id).toMatch(/^0x[0-9a-f]{64}$/);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('chains the service only reads', () => {
  it('are ETH alone: claims, changes and returns go to the others', () => {
    expect(isReadOnly('ETH')).toBe(true);
    expect(isReadOnly('MATIC') || isReadOnly('BASE')).toBe(false);
  });
});

describe('isHeld', () => {
  it('is true for a token someone holds, in whatever case its address is written', () => {
    expect(isHeld('0x00000000000000000000000000000000000000a1')).toBe(true);
    expect(isHeld('0x000000000000000000000000000000000000bEEF')).toBe(true);
  });

  it('is false for a token never minted or burnt', () => {
    expect(isHeld(null)).toBe(false);
    expect(isHeld('0x0000000000000000000000000000000000000000')).toBe(false);
    expect(isHeld('0x000000000000000000000000000000000000dead')).toBe(false);
    expect(isHeld('0x000000000000000000000000000000000000dEaD')).toBe(false);
  });
});
