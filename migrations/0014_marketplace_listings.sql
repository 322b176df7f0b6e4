-- The marketplace (docs/marketplace.md). A listing ends by the clock as well as by its seller, so the portfolio's
-- "for sale" filter compares the listing's expiry with the time of the query.
alter table portfolio_entries add column listing_expires_at bigint;

drop function portfolio_entry_of(projection_documents);
create function portfolio_entry_of(d projection_documents) returns portfolio_entries language sql immutable as $$
  select d.generation, d.id, d.doc->>'holder', d.doc->>'registryType', d.doc->>'name', d.doc->>'searchText',
    (d.doc->>'labelLength')::integer, (d.doc->>'purchasedAt')::bigint, (d.doc->>'expiresAt')::bigint,
    (d.doc->>'forSale')::boolean, (d.doc->>'listingPriceCents')::bigint, (d.doc->>'offersCount')::integer,
    (d.doc->>'leadsCount')::integer, (d.doc->>'watchlistCount')::integer, (d.doc->>'autoRenewal')::boolean,
    array(select jsonb_array_elements_text(d.doc->'tags')), (d.doc#>>'{listing,expiresAt}')::bigint
$$;

delete from portfolio_entries;
insert into portfolio_entries
  select (portfolio_entry_of(d)).* from projection_documents d where d.projection = 'portfolio' and d.doc->>'name' is not null;

-- The open listings of the marketplace (projection `market-listings`) as typed rows, kept by the database beside
-- the documents as `portfolio_entries` are: surface D's browsing filters, orders and pages on these columns.
create table market_listing_entries (
  generation integer not null,
  id text not null,
  name text collate "C" not null,
  search_text text not null,
  tld text not null,
  price_cents bigint not null,
  listed_at bigint not null,
  expires_at bigint not null,
  primary key (generation, id)
);

create index market_listing_entries_price on market_listing_entries (generation, price_cents, name);
create index market_listing_entries_listed on market_listing_entries (generation, listed_at, name);

create function market_listing_entry_of(d projection_documents) returns market_listing_entries language sql immutable as $$
  select d.generation, d.id, d.doc->>'name', d.doc->>'searchText', d.doc->>'tld', (d.doc->>'priceCents')::bigint,
    (d.doc->>'listedAt')::bigint, (d.doc->>'expiresAt')::bigint
$$;

create function market_listing_entries_follow() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    delete from market_listing_entries where generation = old.generation and id = old.id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into market_listing_entries select (market_listing_entry_of(new)).*;
  end if;
  return null;
end
$$;

create trigger market_listing_entries_written after insert or update on projection_documents
  for each row when (new.projection = 'market-listings') execute function market_listing_entries_follow();
create trigger market_listing_entries_deleted after delete on projection_documents
  for each row when (old.projection = 'market-listings') execute function market_listing_entries_follow();
