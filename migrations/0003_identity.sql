-- Keys that sign access tokens and partner access keys (EdDSA). The private key is sealed with the service's
-- secret key; public keys stay published (JWKS) until the tokens they signed have expired.
create table signing_keys (
  kid text primary key,
  public_jwk jsonb not null,
  sealed_private_jwk text not null,
  created_at timestamptz not null default now(),
  retired_at timestamptz
);

-- Fixed-window counters for rate limits, shared by every process of the service.
create table rate_limit_hits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, window_start)
);
