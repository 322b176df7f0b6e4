-- The audit (issue 29) reads every event of a subject: an operation, a domain, an order, a listing, a wallet, an
-- account. Each key it looks events up by has an expression index, so a timeline is a few index scans however many
-- events the store holds.
create index events_data_operation_id on events ((data->>'operationId'));
create index events_data_name on events ((data->>'name'));
create index events_data_domain on events ((data->>'domain'));
create index events_data_order_id on events ((data->>'orderId'));
create index events_data_listing_id on events ((data->>'listingId'));
create index events_data_address on events ((data->>'address'));
create index events_metadata_account_id on events ((metadata->>'accountId'));
