-- The webhook delivery outbox (decisions.md §6). A delivery is a row from the moment its event is handled until it
-- is delivered or dropped, so deliveries survive restarts. The body is stored as the exact bytes sent, the same on
-- every attempt. Dispatchers lease due rows (FOR UPDATE SKIP LOCKED); a lease that expires (its process died) is
-- taken over. `leases` counts leases and fences a late answer of a lease that was taken over.
create table webhook_deliveries (
  sequence bigint generated always as identity unique,
  delivery_id uuid primary key,
  webhook_id text not null,
  account_id text not null,
  url text not null,
  event_type text not null,
  operation_id text not null,
  body text not null,
  status text not null default 'PENDING' check (status in ('PENDING', 'DELIVERED', 'DROPPED')),
  -- [{at, statusCode, error, durationMs}], oldest first
  attempts jsonb not null default '[]',
  next_attempt_at timestamptz default now(),
  lease_owner text,
  lease_expires_at timestamptz,
  leases integer not null default 0,
  created_at timestamptz not null default now()
);

create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'PENDING';
create index webhook_deliveries_log on webhook_deliveries (webhook_id, sequence desc);
