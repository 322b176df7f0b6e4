-- Group commit in one statement (issue 30): 0019 looped over the batch's commands and ran four statements for each
-- (command log, version, events, command log again), about 0.1 ms of the database's CPU per command, where a row of
-- a multi-row INSERT costs a tenth of that. Here each step runs once for the whole batch: the versions of its streams
-- and its commands already in the log are read in one snapshot, each command is decided against them, and the events
-- and command-log rows of the commands that pass are inserted by one statement each.
--
-- Same arguments and answer as 0019. What changes is that every check sees the streams as they were before the
-- batch: two commands of one batch on the same stream would both pass and then take the same position. The unique
-- constraint refuses that, the batch fails as a whole, and the caller sends its commands one by one (the same path as
-- a position taken by a concurrent transaction); `AppendBatches` keeps such commands in separate batches so that
-- this stays the rare case. A command id sent twice in one batch takes the same path through `command_log_pkey`.
create or replace function append_event_batch(
  p_command_ids text[],
  p_metadata jsonb[],
  p_write_counts integer[],
  p_streams text[],
  p_expected integer[],
  p_counts integer[],
  p_types text[],
  p_data jsonb[]
) returns table (ordinal integer, duplicate boolean, versions integer[], conflict_stream text, conflict_actual integer)
language plpgsql as $$
#variable_conflict use_column
begin
  return query
  with commands as (
    select c.position::integer as command_no, c.command_id, c.metadata, c.write_count,
           (coalesce(sum(c.write_count) over preceding_commands, 0))::integer as writes_before
      from unnest(p_command_ids, p_metadata, p_write_counts) with ordinality as c(command_id, metadata, write_count, position)
    window preceding_commands as (order by c.position rows between unbounded preceding and 1 preceding)
  ),
  writes as (
    select w.position::integer as write_no, w.stream, w.expected, w.event_count,
           (coalesce(sum(w.event_count) over preceding_writes, 0))::integer as events_before,
           (select coalesce(max(e.stream_position), 0) from events e where e.stream_id = w.stream) as current_version
      from unnest(p_streams, p_expected, p_counts) with ordinality as w(stream, expected, event_count, position)
    window preceding_writes as (order by w.position rows between unbounded preceding and 1 preceding)
  ),
  -- each write with the command it belongs to
  command_writes as (
    select c.command_no, w.*
      from commands c
      join writes w on w.write_no > c.writes_before and w.write_no <= c.writes_before + c.write_count
  ),
  decided as (
    select c.command_no, c.command_id, c.metadata, l.versions as logged_versions,
           conflict.stream as conflict_stream, conflict.current_version as conflict_actual,
           coalesce((select array_agg(cw.current_version + cw.event_count order by cw.write_no)
                       from command_writes cw where cw.command_no = c.command_no), '{}') as new_versions
      from commands c
      left join command_log l on l.command_id = c.command_id
      left join lateral (
        select cw.stream, cw.current_version
          from command_writes cw
         where cw.command_no = c.command_no and cw.expected <> -1 and cw.expected <> cw.current_version
         order by cw.write_no
         limit 1
      ) conflict on true
  ),
  passing as (
    select d.* from decided d where d.logged_versions is null and d.conflict_stream is null
  ),
  inserted_events as (
    insert into events (stream_id, stream_position, type, data, metadata)
    select cw.stream, cw.current_version + k, p_types[cw.events_before + k], p_data[cw.events_before + k], p.metadata
      from passing p
      join command_writes cw on cw.command_no = p.command_no
      cross join lateral generate_series(1, cw.event_count) as k
     order by cw.write_no, k
  ),
  logged as (
    insert into command_log (command_id, versions) select p.command_id, p.new_versions from passing p
  )
  select d.command_no,
         d.logged_versions is not null,
         case when d.logged_versions is not null then d.logged_versions
              when d.conflict_stream is null then d.new_versions end,
         case when d.logged_versions is null then d.conflict_stream end,
         case when d.logged_versions is null then d.conflict_actual end
    from decided d
   order by d.command_no;
end
$$;
