import { Body, Controller, HttpCode, NotFoundException, Post, Query as QueryParams } from '@nestjs/common';
import { Equals, IsArray, IsOptional, IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { ChainRpc } from '../../../application/chains/chain-rpc.port';
import { ChainRpcProxy } from '../../../application/resolution/chain-rpc-proxy';
import { Blockchain } from '../../../domain/chains/blockchain';
import { Access } from '../shared/auth/access';
import { Documented } from '../shared/openapi/documented';
import { NoQuery } from '../shared/request-params';

/** One JSON-RPC 2.0 request, as documented; the route reads its body itself (a batch is an array of these). */
class RpcRequestBody {
  @Equals('2.0')
  jsonrpc!: '2.0';

  @JSONSchema({ type: ['string', 'number', 'null'], description: 'Comes back on the answer' })
  id!: string | number | null;

  @IsString()
  @JSONSchema({
    description: 'A read method: eth_call, eth_getLogs, eth_blockNumber, eth_chainId...',
    examples: ['eth_call'],
  })
  method!: string;

  @IsOptional()
  @IsArray()
  params?: unknown[];
}

const RPC_SUMMARY =
  "JSON-RPC to the chain's node, read methods only (eth_call, eth_getLogs over a bounded range, eth_blockNumber, eth_chainId...), one request or a batch; what it refuses answers as JSON-RPC errors";

/**
 * Surface E's chain proxy: the published resolution client pointed at the service alone reaches each chain here
 * with the resolution key, as it reaches the real service (`/chains/eth/rpc`, `/chains/matic/rpc`, `/chains/base/rpc`).
 */
@Controller('resolve/chains')
@Access({ surface: 'resolution' })
export class ChainRpcController {
  constructor(
    private readonly proxy: ChainRpcProxy,
    private readonly rpc: ChainRpc,
  ) {}

  @Post('eth/rpc')
  @HttpCode(200)
  @Documented({ summary: `ETH: ${RPC_SUMMARY}`, answer: 'RpcResponse', body: RpcRequestBody })
  eth(@QueryParams() _query: NoQuery, @Body() body: unknown) {
    return this.answer('ETH', body);
  }

  @Post('matic/rpc')
  @HttpCode(200)
  @Documented({ summary: `MATIC: ${RPC_SUMMARY}`, answer: 'RpcResponse', body: RpcRequestBody })
  matic(@QueryParams() _query: NoQuery, @Body() body: unknown) {
    return this.answer('MATIC', body);
  }

  @Post('base/rpc')
  @HttpCode(200)
  @Documented({ summary: `BASE: ${RPC_SUMMARY}`, answer: 'RpcResponse', body: RpcRequestBody })
  base(@QueryParams() _query: NoQuery, @Body() body: unknown) {
    return this.answer('BASE', body);
  }

  private answer(blockchain: Blockchain, body: unknown) {
    if (!this.rpc.blockchains().includes(blockchain))
      throw new NotFoundException(`${blockchain} is not one of the chains this service reads (CHAINS)`);
    return this.proxy.answer(blockchain, body);
  }
}
