-- The private keys of custodial wallets, sealed (AES-256-GCM) under CUSTODY_KEY; never in the event store, whose
-- history is replayed and exported. One key per creating dependency, so a creation that runs twice makes one wallet.
create table custodial_keys (
  address text primary key,
  account_id text not null,
  dependency_id text not null unique,
  sealed_key text not null,
  created_at timestamptz not null default now()
);
create index custodial_keys_account on custodial_keys (account_id);
