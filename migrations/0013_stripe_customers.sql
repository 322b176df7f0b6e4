-- The Stripe adapter (docs/commerce.md): the Stripe customer each user account's cards and payments belong to.
create table stripe_customers (
  account_id text primary key,
  customer_id text not null unique,
  created_at timestamptz not null default now()
);
