-- Where each consumer of the event store has read up to: a reactor at generation 0, a projection per generation.
create table consumer_checkpoints (
  name text not null,
  generation integer not null,
  transaction_id xid8 not null,
  position bigint not null,
  updated_at timestamptz not null default now(),
  primary key (name, generation)
);

-- Each build of a projection is a generation: a new code version or a manual rebuild starts one from the first
-- event while queries keep reading the live one; the new generation goes live once it has caught up.
create table projection_generations (
  name text not null,
  generation integer not null,
  code_version integer not null,
  live boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (name, generation)
);

create unique index projection_generations_one_live on projection_generations (name) where live;

-- Documents of projections kept as JSON, one row per (projection, generation, id). The last event applied to a row
-- is kept with it, so an event delivered again is recognised and skipped.
create table projection_documents (
  projection text not null,
  generation integer not null,
  id text not null,
  doc jsonb not null,
  last_transaction_id xid8 not null,
  last_position bigint not null,
  primary key (projection, generation, id)
);

-- Runnable operation dependencies, leased by workers (FOR UPDATE SKIP LOCKED). A lease that expires is taken over.
create table operation_work (
  dependency_id text primary key,
  operation_id text not null,
  run_after timestamptz not null default now(),
  lease_owner text,
  lease_expires_at timestamptz,
  attempts integer not null default 0,
  created_at timestamptz not null default now()
);

create index operation_work_due on operation_work (run_after);
