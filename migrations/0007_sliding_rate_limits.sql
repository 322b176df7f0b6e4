-- Sliding-window rate limits, replacing the clock-aligned window counters of 0003 (same table name, new shape): those
-- reset on the clock, so a client could send twice the limit across a window boundary, and a refusal named the time
-- to the boundary, not to the next request that would pass. A bucket now keeps the times of the hits it allowed
-- during the last window, so at most `limit` hits pass in any `window` and the wait it reports is exact. Refused hits
-- are not kept: a client that waits as told gets through. The old counts are dropped: at worst a client gets one
-- more window's worth after the upgrade.
drop table rate_limit_hits;

create table rate_limit_hits (
  bucket text primary key,
  -- epoch milliseconds of the allowed hits still inside the window, oldest first (at most the limit)
  hits bigint[] not null,
  -- when the newest of them leaves the window: an idle row can be deleted after that
  idle_at bigint not null
);

create index rate_limit_hits_idle on rate_limit_hits (idle_at);

-- Decides one hit. The bucket's row stays locked until the caller's transaction ends, so hits from any number of
-- processes are decided one after the other and never let more than `p_limit` through.
create function rate_limit_hit(p_bucket text, p_limit integer, p_window_ms bigint, p_now bigint,
                               out allowed boolean, out retry_after_ms bigint)
language plpgsql as $$
declare
  recent bigint[];
begin
  loop
    select array(select hit from unnest(b.hits) as hit where hit > p_now - p_window_ms order by hit)
      into recent from rate_limit_hits b where b.bucket = p_bucket for update;
    exit when found;
    -- a new bucket, or an idle one deleted meanwhile: whoever inserts first, the select above then locks it
    insert into rate_limit_hits (bucket, hits, idle_at) values (p_bucket, '{}', p_now) on conflict (bucket) do nothing;
  end loop;
  allowed := cardinality(recent) < p_limit;
  if allowed then
    -- sorted again: another process's clock may be a little behind this one's
    recent := array(select hit from unnest(recent || p_now) as hit order by hit);
    retry_after_ms := 0;
  else
    -- the next hit passes when all but `p_limit - 1` of the kept ones have left the window
    retry_after_ms := recent[cardinality(recent) - p_limit + 1] + p_window_ms - p_now;
  end if;
  update rate_limit_hits set hits = recent, idle_at = coalesce(recent[cardinality(recent)], p_now) + p_window_ms
   where bucket = p_bucket;
end $$;
