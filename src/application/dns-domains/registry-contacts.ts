import { contactDecider, contactStream, registryContactOf } from '../../domain/dns-domains/contact';
import { RegistryRefused } from '../../domain/registry/registry-refusal';
import { Registry } from '../registry/registry.port';
import { EventStore } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';

/**
 * Runs a registry command that names contacts of the account. A contact made a moment before is created at the
 * registry by an operation of its own, which may not have run yet (its worker is busy, or was down when the contact
 * was made): when the registry does not know an object the command names, the account's contacts among `handles`
 * are created there first, as that operation would (creating a handle twice is the same contact), and the command
 * is sent once more. Whatever the registry answers then is the answer.
 */
export const withRegistryContacts = async <T>(
  store: EventStore,
  registry: Registry,
  accountId: string,
  handles: readonly string[],
  command: () => Promise<T>,
): Promise<T> => {
  try {
    return await command();
  } catch (error) {
    if (!(error instanceof RegistryRefused && error.result === 'OBJECT_DOES_NOT_EXIST')) throw error;
  }
  for (const handle of new Set(handles)) {
    const { state } = await loadStream(store, contactStream(handle), contactDecider);
    if (state.status === 'CREATED' && state.accountId === accountId) {
      await registry.createContact(handle, registryContactOf(state.details));
    }
  }
  return command();
};
