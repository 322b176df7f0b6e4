import { Injectable } from '@nestjs/common';
import { Blockchain } from '../../domain/chains/blockchain';
import { Clock } from '../shared/clock';
import { ChainRpc } from './chain-rpc.port';

/** How long a head read serves before the node is asked again, and how long the node may take to say it. */
const FRESH_MS = 1000;
const ANSWER_MS = 2000;

/**
 * Each chain's head block as its node says it, read at most once a second whoever asks (the open status page, the
 * chain proxy measuring log ranges), and null when the node does not say within two seconds.
 */
@Injectable()
export class ChainHeads {
  private readonly recent = new Map<Blockchain, { readonly at: number; readonly head: Promise<number | null> }>();

  constructor(
    private readonly rpc: ChainRpc,
    private readonly clock: Clock,
  ) {}

  headOf(blockchain: Blockchain): Promise<number | null> {
    const now = this.clock.now();
    const known = this.recent.get(blockchain);
    if (known && now - known.at < FRESH_MS) return known.head;
    const head = this.ask(blockchain);
    this.recent.set(blockchain, { at: now, head });
    return head;
  }

  private async ask(blockchain: Blockchain): Promise<number | null> {
    const answered = this.rpc
      .send(blockchain, [{ method: 'eth_blockNumber', params: [] }])
      .then(([answer]) =>
        'result' in answer && typeof answer.result === 'string' ? Number.parseInt(answer.result, 16) : null,
      )
      .catch(() => null);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ANSWER_MS)));
    try {
      const head = await Promise.race([answered, late]);
      return Number.isSafeInteger(head) ? head : null;
    } finally {
      clearTimeout(timer);
    }
  }
}
