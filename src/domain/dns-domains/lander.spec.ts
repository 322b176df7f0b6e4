import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { LANDER_EVENT_TYPES, LanderEvent, landerDecider, landerStream, MAX_LANDER_BYTES } from './lander';

const at = Date.UTC(2026, 10, 27);
const given = deciderSpec(landerDecider);
const page = (jobId = 'job-1', html = '<p>hi</p>') => ({
  name: 'sun.com',
  accountId: 'acc-1',
  jobId,
  design: 'for-sale/light',
  html,
  at,
});
const generated = (jobId = 'job-1', html = '<p>hi</p>'): LanderEvent => ({
  type: 'LanderGenerated',
  data: page(jobId, html),
});
const removed: LanderEvent = { type: 'LanderRemoved', data: { name: 'sun.com', accountId: 'acc-1', at: at + 1 } };

describe("a name's landing page", () => {
  it('is a stream per name, with no page at first', () => {
    expect(landerStream('sun.com')).toBe('lander-sun.com');
    given().thenState({ page: null });
  });

  it('is generated whole, a new page replacing the last', () => {
    given().when({ type: 'GenerateLander', data: page() }).then(generated());
    given(generated()).thenState({
      page: { jobId: 'job-1', design: 'for-sale/light', html: '<p>hi</p>', generatedAt: at },
    });
    given(generated(), generated('job-2', '<p>again</p>')).thenState({
      page: { jobId: 'job-2', design: 'for-sale/light', html: '<p>again</p>', generatedAt: at },
    });
  });

  it(`weighs at most ${MAX_LANDER_BYTES} bytes`, () => {
    given()
      .when({ type: 'GenerateLander', data: page('job-1', 'x'.repeat(MAX_LANDER_BYTES)) })
      .then(generated('job-1', 'x'.repeat(MAX_LANDER_BYTES)));
    given()
      .when({ type: 'GenerateLander', data: page('job-1', `${'x'.repeat(MAX_LANDER_BYTES - 1)}é`) })
      .thenThrows(Error, {
        code: 'VALIDATION',
        message: exactly(`the landing page of sun.com weighs more than ${MAX_LANDER_BYTES} bytes`),
      });
  });

  it('is removed when there is one, and told missing when there is none', () => {
    given(generated()).when({ type: 'RemoveLander', data: removed.data }).then(removed);
    given(generated(), removed).thenState({ page: null });
    for (const history of [[], [generated(), removed]])
      given(...history)
        .when({ type: 'RemoveLander', data: removed.data })
        .thenThrows(Error, { code: 'NOT_FOUND', message: exactly('landing page of sun.com was not found') });
  });

  it('names every event it records, for the read models that follow it', () => {
    expect([...LANDER_EVENT_TYPES].sort()).toEqual([generated().type, removed.type].sort());
  });
});
