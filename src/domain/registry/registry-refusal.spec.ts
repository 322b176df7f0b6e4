import { RegistryRefused } from './registry-refusal';

describe('a registry refusal', () => {
  it('carries the EPP result code of its reason, first in its message', () => {
    const refused = new RegistryRefused('OBJECT_PENDING_TRANSFER', 'example.com has a transfer pending');
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({
      name: 'RegistryRefused',
      result: 'OBJECT_PENDING_TRANSFER',
      code: 2300,
      message: '2300 example.com has a transfer pending',
    });
  });
});
