-- Idempotency keys (header `Idempotency-Key`) of the requests that charge or start an operation: one row per key of
-- an account. A request claims its key as `running`; its answer is kept with the key once given, and the same
-- request sent again within 24 hours gets that answer again instead of acting twice.
create table idempotency_keys (
  account_id text not null,
  key text not null,
  -- sha256 of the method, the target and the body: the same key with anything else is refused
  fingerprint text not null,
  state text not null check (state in ('running', 'done')),
  -- the process answering it while running: `host:pid:instance`
  owner text not null,
  -- a running key whose owner has not finished by then (it died) may be taken over
  lease_until timestamptz not null,
  status integer,
  body jsonb,
  created_at timestamptz not null default now(),
  primary key (account_id, key)
);

create index idempotency_keys_created on idempotency_keys (created_at);
