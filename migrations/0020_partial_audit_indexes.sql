-- The audit's expression indexes (0016) held an entry for every event, most of them null: each append wrote seven
-- index entries whatever its data. Kept only where the key is there, an append writes the entries its event has
-- (issue 30: appends are CPU-bound on the database). The audit's lookups (`data->>'key' = $1`) imply the predicate,
-- so they use these indexes as before.
drop index events_data_operation_id;
drop index events_data_name;
drop index events_data_domain;
drop index events_data_order_id;
drop index events_data_listing_id;
drop index events_data_address;
drop index events_metadata_account_id;
create index events_data_operation_id on events ((data->>'operationId')) where data->>'operationId' is not null;
create index events_data_name on events ((data->>'name')) where data->>'name' is not null;
create index events_data_domain on events ((data->>'domain')) where data->>'domain' is not null;
create index events_data_order_id on events ((data->>'orderId')) where data->>'orderId' is not null;
create index events_data_listing_id on events ((data->>'listingId')) where data->>'listingId' is not null;
create index events_data_address on events ((data->>'address')) where data->>'address' is not null;
create index events_metadata_account_id on events ((metadata->>'accountId')) where metadata->>'accountId' is not null;
