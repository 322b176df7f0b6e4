-- The offers of the marketplace (projection `market-offers`, docs/marketplace.md) as typed rows, kept by the database
-- beside the documents as `market_listing_entries` are: a seller's offers are filtered by group with the time of the
-- query (an offer expires by the clock, with no event), ordered and counted on these columns.
create table market_offer_entries (
  generation integer not null,
  id text not null,
  seller text not null,
  listing_id bigint not null,
  name text collate "C" not null,
  status text not null,
  expires_at bigint not null,
  pay_by bigint,
  created_at bigint not null,
  primary key (generation, id)
);

create index market_offer_entries_seller on market_offer_entries (generation, seller, created_at);
create index market_offer_entries_listing on market_offer_entries (generation, listing_id);

create function market_offer_entry_of(d projection_documents) returns market_offer_entries language sql immutable as $$
  select d.generation, d.id, d.doc->>'sellerAccountId', (d.doc->>'listingId')::bigint, d.doc->>'name',
    d.doc->>'status', (d.doc->>'expiresAt')::bigint, (d.doc->>'payBy')::bigint, (d.doc->>'createdAt')::bigint
$$;

create function market_offer_entries_follow() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    delete from market_offer_entries where generation = old.generation and id = old.id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into market_offer_entries select (market_offer_entry_of(new)).*;
  end if;
  return null;
end
$$;

create trigger market_offer_entries_written after insert or update on projection_documents
  for each row when (new.projection = 'market-offers') execute function market_offer_entries_follow();
create trigger market_offer_entries_deleted after delete on projection_documents
  for each row when (old.projection = 'market-offers') execute function market_offer_entries_follow();
