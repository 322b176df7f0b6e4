/**
 * Domains on the embedded ETH chain, minted once when the chain is created: ETH is read-only for the service
 * (`UNSUPPORTED_BLOCKCHAIN`), so these are what resolution of ETH names shows out of the box. Owners are anvil's
 * third and fourth development accounts, whose keys every anvil user knows.
 */
export const ETH_FIXTURES: readonly { name: string; owner: `0x${string}`; records: Record<string, string> }[] = [
  {
    name: 'brad.crypto',
    owner: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
    records: {
      'crypto.ETH.address': '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
      'crypto.BTC.address': 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      'ipfs.html.value': 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG',
    },
  },
  {
    name: 'fixture-alice.wallet',
    owner: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
    records: {
      'crypto.ETH.address': '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
      'social.picture.value': 'https://example.org/alice.png',
    },
  },
  {
    name: 'fixture-bob.x',
    owner: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
    records: { 'crypto.MATIC.version.MATIC.address': '0x90f79bf6eb2c4f870365e785982e1f101e93b906' },
  },
];
