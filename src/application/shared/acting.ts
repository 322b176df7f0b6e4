import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

/**
 * Who is acting in a unit of work, for the audit of what it appends: a credential (`credential:<kind>:<id>`, never
 * the secret: the digest's first characters or the token family), a worker running a dependency
 * (`worker:<host:pid:id>`), a reactor (`reactor:<name>`), a timer or the CLI. Every event's metadata names it.
 */
export const acting = {
  /** Runs `work` as `actor`; what it appends, however deep, is recorded as done by it. */
  as<T>(actor: string, work: () => T): T {
    return current.run(actor, work);
  },
  current(): string | undefined {
    return current.getStore();
  },
};

/** How a credential is named as an actor: its kind and the start of its digest or its token family. */
export const credentialActorOf = (principal: { readonly via: string; readonly bucket: string }): string =>
  `credential:${principal.via}:${principal.bucket.slice(0, 24)}`;
