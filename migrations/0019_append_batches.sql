-- Group commit (issue 30, docs/event-store.md): the appends of several commands in one transaction, one round trip
-- and one WAL flush for all of them. Each command keeps its own expectations: its id is looked up in the command
-- log (a duplicate answers its stored versions), its streams' versions are checked before anything of it is
-- written, and a command whose check fails is answered with the stream and its actual version while the others
-- are written. What only a concurrent transaction can cause (a unique violation on a position or a command id
-- another transaction took, a deadlock) fails the whole batch, and the caller sends its commands again one by one.
--
-- The commands come flattened: per command its id, metadata and number of stream writes; per write its stream,
-- expected version (-1 any, 0 no stream) and number of events; per event its type and data, in order.
-- One row per command comes back, in order: ordinal (1-based), duplicate, versions, and on a failed check
-- conflict_stream and conflict_actual.
create function append_event_batch(
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
declare
  v_write integer := 0;
  v_event integer := 0;
  v_currents integer[];
  v_versions integer[];
  v_conflict integer;
begin
  for i in 1 .. coalesce(array_length(p_command_ids, 1), 0) loop
    ordinal := i;
    conflict_stream := null;
    conflict_actual := null;
    select c.versions into v_versions from command_log c where c.command_id = p_command_ids[i];
    if found then
      duplicate := true;
      versions := v_versions;
    else
      v_currents := '{}';
      v_conflict := null;
      for w in 1 .. p_write_counts[i] loop
        v_currents := v_currents || (
          select coalesce(max(e.stream_position), 0) from events e where e.stream_id = p_streams[v_write + w]);
        if v_conflict is null and p_expected[v_write + w] <> -1 and p_expected[v_write + w] <> v_currents[w] then
          v_conflict := w;
        end if;
      end loop;
      if v_conflict is not null then
        duplicate := false;
        versions := null;
        conflict_stream := p_streams[v_write + v_conflict];
        conflict_actual := v_currents[v_conflict];
      else
        v_versions := '{}';
        for w in 1 .. p_write_counts[i] loop
          insert into events (stream_id, stream_position, type, data, metadata)
            select p_streams[v_write + w], v_currents[w] + k, p_types[v_event + k], p_data[v_event + k], p_metadata[i]
            from generate_series(1, p_counts[v_write + w]) as k;
          v_event := v_event + p_counts[v_write + w];
          v_versions := v_versions || (v_currents[w] + p_counts[v_write + w]);
        end loop;
        insert into command_log (command_id, versions) values (p_command_ids[i], v_versions);
        duplicate := false;
        versions := v_versions;
      end if;
    end if;
    -- the events of a command not written are skipped all the same
    if duplicate or conflict_stream is not null then
      for w in 1 .. p_write_counts[i] loop
        v_event := v_event + p_counts[v_write + w];
      end loop;
    end if;
    v_write := v_write + p_write_counts[i];
    return next;
  end loop;
end
$$;
