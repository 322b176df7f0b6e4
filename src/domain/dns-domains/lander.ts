import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { NotFound, Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * A name's landing page (`svc_domain_generate_lander`): one page per name, made from our templates, kept whole in its
 * event (a few kilobytes), served by the hosting listener at the name while the name has no address of its own. A
 * new page replaces the last; removed, the name is as it was before.
 */
export const landerStream = (name: string): string => `lander-${name}`;

type Of<Data> = MessageData<{ name: string }, Data>;
/** `jobId`: this page, as the status and the zone name it; `design`: the template and theme it was made with. */
export type LanderGenerated = DomainEvent<
  'LanderGenerated',
  Of<{ accountId: string; jobId: string; design: string; html: string }>
>;
export type LanderRemoved = DomainEvent<'LanderRemoved', Of<{ accountId: string }>>;
export type LanderEvent = LanderGenerated | LanderRemoved;
export const LANDER_EVENT_TYPES: readonly LanderEvent['type'][] = ['LanderGenerated', 'LanderRemoved'];

export type GenerateLander = DomainCommand<'GenerateLander', LanderGenerated['data']>;
export type RemoveLander = DomainCommand<'RemoveLander', LanderRemoved['data']>;
export type LanderCommand = GenerateLander | RemoveLander;

export interface Lander {
  readonly page: {
    readonly jobId: string;
    readonly design: string;
    readonly html: string;
    readonly generatedAt: number;
  } | null;
}

/** The most a page may weigh: what our templates make, with room for the longest instructions. */
export const MAX_LANDER_BYTES = 64 * 1024;

const evolve = (_lander: Lander, event: LanderEvent): Lander => {
  switch (event.type) {
    case 'LanderGenerated': {
      const { jobId, design, html, at } = event.data;
      return { page: { jobId, design, html, generatedAt: at } };
    }
    case 'LanderRemoved':
      return { page: null };
    default:
      return assertNever(event);
  }
};

const decide = (command: LanderCommand, lander: Lander): LanderEvent[] => {
  switch (command.type) {
    case 'GenerateLander':
      if (Buffer.byteLength(command.data.html) > MAX_LANDER_BYTES) {
        throw new Refused(
          'VALIDATION',
          `the landing page of ${command.data.name} weighs more than ${MAX_LANDER_BYTES} bytes`,
        );
      }
      return [{ type: 'LanderGenerated', data: command.data }];
    case 'RemoveLander':
      if (!lander.page) throw new NotFound('landing page of', command.data.name);
      return [{ type: 'LanderRemoved', data: command.data }];
    default:
      return assertNever(command);
  }
};

export const landerDecider: Decider<LanderCommand, LanderEvent, Lander> = {
  initialState: () => ({ page: null }),
  evolve,
  decide,
};
