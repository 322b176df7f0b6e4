-- Token buckets of credentials (rate limits per key): two numbers per credential, so what a request costs does not
-- grow with the limit, as the sliding windows of 0007 do. Tokens are counted in thousandths, so that a bucket gains a
-- whole number of them each millisecond (`takeToken` in src/domain/identity/token-bucket.ts is the same rule).
create table credential_buckets (
  bucket text primary key,
  milli_tokens bigint not null,
  -- epoch milliseconds the tokens were worked out at
  refilled_at bigint not null
);

create index credential_buckets_refilled on credential_buckets (refilled_at);

-- Takes one token for a request at p_now. The bucket's row stays locked until the caller's transaction ends, so
-- requests from any number of processes are decided one after the other and share one budget.
create function credential_bucket_take(p_bucket text, p_per_second bigint, p_burst bigint, p_now bigint,
                                       out allowed boolean, out milli_tokens bigint, out refilled_at bigint)
language plpgsql as $$
declare
  v_tokens bigint;
  v_at bigint;
begin
  loop
    select b.milli_tokens, b.refilled_at into v_tokens, v_at from credential_buckets b where b.bucket = p_bucket for update;
    exit when found;
    -- a new bucket is a full one; whoever inserts first, the select above then locks it
    insert into credential_buckets (bucket, milli_tokens, refilled_at) values (p_bucket, p_burst * 1000, p_now)
      on conflict (bucket) do nothing;
  end loop;
  v_tokens := least(p_burst * 1000, v_tokens + greatest(0, p_now - v_at) * p_per_second);
  allowed := v_tokens >= 1000;
  milli_tokens := case when allowed then v_tokens - 1000 else v_tokens end;
  refilled_at := greatest(v_at, p_now);
  update credential_buckets b set milli_tokens = credential_bucket_take.milli_tokens,
                                  refilled_at = credential_bucket_take.refilled_at
   where b.bucket = p_bucket;
end $$;
