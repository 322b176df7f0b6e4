import { join } from 'node:path';
import { Global, Module } from '@nestjs/common';
import { Pool } from 'pg';
import { CustodialSigners } from '../../application/chains/custodial-signers.port';
import { CustodialKeyring } from '../../application/web3/custodial-keyring.port';
import { AppConfig } from '../config/config';
import { AesSecretBox, loadSecretKey } from '../secrets/aes-secret-box';
import { PostgresCustodialKeyring } from './postgres-custodial-keyring';

/** The custodial wallets' keys, sealed under their own master key (`CUSTODY_KEY`), not the service's secrets key. */
@Global()
@Module({
  providers: [
    {
      provide: CustodialKeyring,
      useFactory: (pool: Pool, config: AppConfig) =>
        new PostgresCustodialKeyring(
          pool,
          new AesSecretBox(loadSecretKey(config.values.custodyKey, join(config.values.dataDir, 'custody.key'))),
        ),
      inject: [Pool, AppConfig],
    },
    { provide: CustodialSigners, useExisting: CustodialKeyring },
  ],
  exports: [CustodialKeyring, CustodialSigners],
})
export class CustodyModule {}
