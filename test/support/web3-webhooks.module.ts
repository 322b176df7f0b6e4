import { Module } from '@nestjs/common';
import { Web3WebhooksController } from '../../src/interfaces/http/partner-web3/webhooks.controller';

/** Surface C's webhook routes alone, until the surface's own HTTP module declares them. */
@Module({ controllers: [Web3WebhooksController] })
export class Web3WebhooksTestModule {}
