import { deciderSpec } from '../../../test/support/decider-spec';
import { CreateRegistryContact, registryContactDecider, registryContactStream } from './registry-contact';

const given = deciderSpec(registryContactDecider);
const create: CreateRegistryContact = {
  type: 'CreateRegistryContact',
  data: {
    handle: 'con_1',
    sponsor: 'domain-engine',
    contact: {
      name: 'Ada Lovelace',
      organization: null,
      email: 'ada@example.com',
      voice: '+44.2071234567',
      street: ['1 Analytical Row'],
      city: 'London',
      stateProvince: null,
      postalCode: 'N1 9GU',
      countryCode: 'GB',
    },
    at: 1_700_000_000_000,
  },
};

describe('a registry contact', () => {
  it('is unknown until created', () => given().thenState({ status: 'NONE' }));
  it('is created under its handle', () =>
    given().when(create).then({ type: 'RegistryContactCreated', data: create.data }));
  it('is created once: the same handle again changes nothing', () =>
    given({ type: 'RegistryContactCreated', data: create.data }).when(create).thenNothing());
  it('is known as created by its sponsor', () =>
    given({ type: 'RegistryContactCreated', data: create.data }).thenState({
      status: 'CREATED',
      sponsor: 'domain-engine',
    }));
  it('lives on a stream named by its handle', () =>
    expect(registryContactStream('con_1')).toBe('registry-contact-con_1'));
  it('fails loudly on an event of a newer version', () =>
    expect(() =>
      registryContactDecider.evolve({ status: 'NONE' }, { type: 'RegistryContactUpdated', data: {} } as never),
    ).toThrow(/unexpected value/));
});
