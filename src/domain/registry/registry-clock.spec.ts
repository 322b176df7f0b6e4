import { deciderSpec } from '../../../test/support/decider-spec';
import { Refused } from '../shared/errors';
import { MAX_CLOCK_STEP_MS, REGISTRY_CLOCK_STREAM, registryClockDecider } from './registry-clock';

const at = 1_700_000_000_000;
const given = deciderSpec(registryClockDecider);
const advance = (byMs: number) => ({ type: 'AdvanceRegistryClock' as const, data: { byMs, at } });

describe('the registry clock', () => {
  it('moves forward by each step, adding up', () =>
    given({ type: 'RegistryClockAdvanced', data: { byMs: 1000, at } })
      .when(advance(MAX_CLOCK_STEP_MS))
      .thenState({ aheadMs: 1000 + MAX_CLOCK_STEP_MS }));
  it('starts at the service time', () => given().thenState({ aheadMs: 0 }));
  it('keeps its steps on one stream, named once and for all', () =>
    expect(REGISTRY_CLOCK_STREAM).toBe('registry-clock'));
  it.each([0, -1, 1.5, MAX_CLOCK_STEP_MS + 1, Number.NaN])('refuses a step of %s ms', (byMs) =>
    given()
      .when(advance(byMs))
      .thenThrows(Refused, {
        code: 'VALIDATION',
        message: new RegExp(`^the registry clock moves forward by 1 ms to ten years, not ${byMs}$`),
      }),
  );
  it('fails loudly on an event of a newer version', () =>
    expect(() =>
      registryClockDecider.evolve({ aheadMs: 0 }, { type: 'RegistryClockStopped', data: {} } as never),
    ).toThrow(/unexpected value/));
});
