-- The event store: one table of events in a global order, a log of applied commands, and the append function.

create table events (
  global_position bigint generated always as identity primary key,
  -- readers order by (transaction_id, global_position) and stop below the oldest running transaction,
  -- so an event whose transaction commits late is never skipped (see docs/event-store.md)
  transaction_id xid8 not null default pg_current_xact_id(),
  stream_id text not null,
  stream_position integer not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default clock_timestamp(),
  constraint events_stream_position_unique unique (stream_id, stream_position)
);

create index events_global_order on events (transaction_id, global_position);

create table command_log (
  command_id text primary key,
  versions integer[] not null,
  recorded_at timestamptz not null default clock_timestamp()
);

-- Appends the events of one command to one or more streams in the caller's transaction.
-- p_expected per stream: -1 any, 0 no stream, n the exact version. The events of all streams come flattened
-- in p_types/p_data, p_counts saying how many belong to each stream.
-- Raises SQLSTATE 'DE409' with detail '<stream>|<actual version>' when a version does not match.
create function append_events(
  p_command_id text,
  p_streams text[],
  p_expected integer[],
  p_counts integer[],
  p_types text[],
  p_data jsonb[],
  p_metadata jsonb
) returns table (duplicate boolean, versions integer[])
language plpgsql as $$
declare
  v_versions integer[] := '{}';
  v_current integer;
  v_offset integer := 0;
begin
  select c.versions into v_versions from command_log c where c.command_id = p_command_id;
  if found then
    return query select true, v_versions;
    return;
  end if;
  v_versions := '{}';
  for i in 1 .. coalesce(array_length(p_streams, 1), 0) loop
    select coalesce(max(e.stream_position), 0) into v_current from events e where e.stream_id = p_streams[i];
    if p_expected[i] <> -1 and p_expected[i] <> v_current then
      raise exception using errcode = 'DE409', message = 'wrong expected version', detail = p_streams[i] || '|' || v_current;
    end if;
    insert into events (stream_id, stream_position, type, data, metadata)
      select p_streams[i], v_current + k, p_types[v_offset + k], p_data[v_offset + k], p_metadata
      from generate_series(1, p_counts[i]) as k;
    v_offset := v_offset + p_counts[i];
    v_versions := v_versions || (v_current + p_counts[i]);
  end loop;
  insert into command_log (command_id, versions) values (p_command_id, v_versions);
  -- no NOTIFY here: PostgreSQL commits notifying transactions one at a time, each with its own WAL flush, which
  -- would cap appends at the disk's flush rate; the appending process notifies after commit instead
  return query select false, v_versions;
end
$$;
