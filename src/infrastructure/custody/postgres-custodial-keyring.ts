import { Pool } from 'pg';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { MessageSigner } from '../../application/chains/chain-writer.port';
import { SecretBox } from '../../application/identity/identity.ports';
import { CustodialKeyring } from '../../application/web3/custodial-keyring.port';
import { Address } from '../../domain/chains/blockchain';

/** Custodial keys in `custodial_keys`, sealed under the custody master key; opened only to sign. */
export class PostgresCustodialKeyring extends CustodialKeyring {
  constructor(
    private readonly pool: Pool,
    private readonly box: SecretBox,
  ) {
    super();
  }

  async create(accountId: string, dependencyId: string): Promise<Address> {
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address.toLowerCase() as Address;
    await this.pool.query(
      'insert into custodial_keys (address, account_id, dependency_id, sealed_key) values ($1, $2, $3, $4) on conflict (dependency_id) do nothing',
      [address, accountId, dependencyId, this.box.seal(key)],
    );
    // a second run made a key that was not kept: the first run's wallet is the one
    const { rows } = await this.pool.query<{ address: Address }>(
      'select address from custodial_keys where dependency_id = $1',
      [dependencyId],
    );
    return rows[0].address;
  }

  async signerFor(accountId: string, address: Address): Promise<MessageSigner | undefined> {
    const { rows } = await this.pool.query<{ sealed_key: string }>(
      'select sealed_key from custodial_keys where address = $1 and account_id = $2',
      [address.toLowerCase(), accountId],
    );
    if (rows.length === 0) return undefined;
    const account = privateKeyToAccount(this.box.open(rows[0].sealed_key) as `0x${string}`);
    return {
      address: address.toLowerCase() as Address,
      signRaw: (digest) => account.signMessage({ message: { raw: digest } }),
    };
  }
}
