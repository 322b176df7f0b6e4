-- The embedded sandbox card processor (docs/commerce.md): what a real processor keeps on its side, kept here so that
-- the sandbox behaves like one across processes and restarts. No card number is stored: a card is saved from one of
-- Stripe's test PaymentMethod ids, and keeps its brand, last four digits and expiry.
create table sandbox_cards (
  id text primary key,
  customer_id text not null,
  -- the test card number's outcome when charged (sandbox-cards.ts), by the PaymentMethod id it was saved from
  source text not null,
  brand text not null,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null,
  created_at timestamptz not null default now()
);
create index sandbox_cards_customer on sandbox_cards (customer_id, created_at);

-- One row per idempotency key: a payment asked again with its key answers the first result.
create table sandbox_payments (
  idempotency_key text primary key,
  id text not null unique,
  customer_id text not null,
  card_id text not null,
  amount_cents bigint not null check (amount_cents >= 0),
  status text not null check (status in ('SUCCEEDED', 'DECLINED', 'REQUIRES_ACTION')),
  reason text,
  created_at timestamptz not null default now()
);

create table sandbox_refunds (
  idempotency_key text primary key,
  id text not null unique,
  payment_id text not null references sandbox_payments (id),
  amount_cents bigint not null check (amount_cents > 0),
  created_at timestamptz not null default now()
);
