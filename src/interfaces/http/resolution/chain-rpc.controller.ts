import { Body, Controller, HttpCode, NotFoundException, Post, Query as QueryParams } from '@nestjs/common';
import { Equals, IsArray, IsOptional, IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { ChainRpcProxy } from '../../../application/resolution/chain-rpc-proxy';
import { ResolutionSettings } from '../../../application/resolution/resolution-settings';
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

const RPC_DESCRIPTION =
  'The body is one JSON-RPC 2.0 request, as below, or an array of them (a batch, answered as an array in its order). Refusals come back as JSON-RPC errors: -32004 a write method, -32601 a method not served, -32600 not a request, -32602 bad params (state overrides, a log filter with other keys), -32005 over a limit (batch size, blocks of eth_getLogs, a node answer over 10 MiB), -32603 the node did not answer.';
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
    private readonly settings: ResolutionSettings,
  ) {}

  @Post('eth/rpc')
  @HttpCode(200)
  @Documented({
    summary: `ETH: ${RPC_SUMMARY}`,
    description: RPC_DESCRIPTION,
    answer: 'RpcResponse',
    body: RpcRequestBody,
  })
  eth(@QueryParams() _query: NoQuery, @Body() body: unknown) {
    return this.answer('ETH', body);
  }

  @Post('matic/rpc')
  @HttpCode(200)
  @Documented({
    summary: `MATIC: ${RPC_SUMMARY}`,
    description: RPC_DESCRIPTION,
    answer: 'RpcResponse',
    body: RpcRequestBody,
  })
  matic(@QueryParams() _query: NoQuery, @Body() body: unknown) {
    return this.answer('MATIC', body);
  }

  @Post('base/rpc')
  @HttpCode(200)
  @Documented({
    summary: `BASE: ${RPC_SUMMARY}`,
    description: RPC_DESCRIPTION,
    answer: 'RpcResponse',
    body: RpcRequestBody,
  })
  base(@QueryParams() _query: NoQuery, @Body() body: unknown) {
    return this.answer('BASE', body);
  }

  private answer(blockchain: Blockchain, body: unknown) {
    if (!this.settings.blockchains.includes(blockchain))
      throw new NotFoundException(`${blockchain} is not one of the chains this service reads (CHAINS)`);
    return this.proxy.answer(blockchain, body);
  }
}
