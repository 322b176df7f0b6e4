import { Injectable, Logger } from '@nestjs/common';
import { Blockchain } from '../../domain/chains/blockchain';
import {
  checkBody,
  CheckedRequest,
  checkRequest,
  needsHead,
  RPC_ERROR,
  RpcAnswer,
  RpcCall,
  RpcError,
  RpcId,
  withinLogBudget,
} from '../../domain/chains/rpc-requests';
import { ChainHeads } from '../chains/chain-heads';
import { ChainRpc } from '../chains/chain-rpc.port';
import { ResolutionSettings } from './resolution-settings';

const UNREACHABLE: RpcError = { code: RPC_ERROR.internal, message: "the chain's node did not answer; try again" };

const responseOf = (id: RpcId, answer: RpcAnswer) => ({ jsonrpc: '2.0', id, ...answer });

/**
 * `POST /resolve/chains/{chain}/rpc`: a JSON-RPC body (one request or a batch) answered by the chain's node for
 * what `rpc-requests` lets through, and by the refusal for the rest, in the requests' order.
 */
@Injectable()
export class ChainRpcProxy {
  private readonly log = new Logger(ChainRpcProxy.name);

  constructor(
    private readonly rpc: ChainRpc,
    private readonly heads: ChainHeads,
    private readonly settings: ResolutionSettings,
  ) {}

  async answer(blockchain: Blockchain, body: unknown): Promise<unknown> {
    const checkedBody = checkBody(body, this.settings.rpcLimits);
    if (!checkedBody.ok) return responseOf(null, { error: checkedBody.error });
    const checked = await this.withinLimits(blockchain, checkedBody.requests.map(checkRequest));
    const forwarded = checked.filter((request): request is Extract<CheckedRequest, { ok: true }> => request.ok);
    const answers = await this.forward(
      blockchain,
      forwarded.map((request) => request.call),
    );
    const answerOf = new Map(forwarded.map((request, index) => [request, answers[index]]));
    const responses = checked.map((request) =>
      request.ok
        ? responseOf(request.id, answerOf.get(request) as RpcAnswer)
        : responseOf(request.id, { error: request.error }),
    );
    return checkedBody.batch ? responses : responses[0];
  }

  /** Requests of logs measured against the chain's head, which is asked for only when a filter names it. */
  private async withinLimits(blockchain: Blockchain, checked: CheckedRequest[]): Promise<CheckedRequest[]> {
    if (!checked.some(needsHead)) return withinLogBudget(checked, 0, this.settings.rpcLimits);
    const head = await this.heads.headOf(blockchain);
    if (head === null)
      return checked.map((request) =>
        needsHead(request) ? { ok: false, id: request.id, error: UNREACHABLE } : request,
      );
    return withinLogBudget(checked, head, this.settings.rpcLimits);
  }

  private async forward(blockchain: Blockchain, calls: readonly RpcCall[]): Promise<RpcAnswer[]> {
    if (calls.length === 0) return [];
    try {
      return await this.rpc.send(blockchain, calls);
    } catch (error) {
      // the caller hears that the node did not answer; the operator, why
      this.log.warn(`the ${blockchain} node did not answer ${calls.length} call(s): ${(error as Error).message}`);
      return calls.map((): RpcAnswer => ({ error: UNREACHABLE }));
    }
  }
}
