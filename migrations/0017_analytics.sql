-- The analytics (issue 29, docs/analytics.md): the projection `analytics` keeps one document per fact with the
-- points it counts and the span of their times. A report of a range reads the facts whose last point is in or after
-- it, by this index, then sums their points by hour or day.
create index projection_documents_analytics_last on projection_documents (generation, ((doc->>'last')::bigint))
  where projection = 'analytics';
