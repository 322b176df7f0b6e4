-- Rate limits at memory speed (issue 30, docs/http.md): a process takes up to p_wanted tokens of a credential's bucket
-- at once and spends them on its next requests, so that a busy key costs a round trip every few hundred requests.
-- The rule is `takeTokens` in src/domain/identity/token-bucket.ts; taking one is 0011's function, unchanged.
drop function credential_bucket_take(text, bigint, bigint, bigint);

create function credential_bucket_take(p_bucket text, p_per_second bigint, p_burst bigint, p_now bigint,
                                       p_wanted bigint default 1,
                                       out taken bigint, out milli_tokens bigint, out refilled_at bigint)
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
  taken := least(p_wanted, v_tokens / 1000);
  milli_tokens := v_tokens - taken * 1000;
  refilled_at := greatest(v_at, p_now);
  update credential_buckets b set milli_tokens = credential_bucket_take.milli_tokens,
                                  refilled_at = credential_bucket_take.refilled_at
   where b.bucket = p_bucket;
end $$;
