-- Every chain write of the service, recorded before anything is sent: its intent (for a relay, the signed forward
-- request, fixed at the first attempt) and then the signed transaction before it is broadcast. A retry after a crash
-- finds what was sent, waits for it or sends the same bytes again, and so never acts twice.
create table chain_writes (
  write_id text primary key,
  blockchain text not null,
  kind text not null,
  intent jsonb not null,
  transaction_hash text,
  raw_transaction text,
  nonce bigint,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
