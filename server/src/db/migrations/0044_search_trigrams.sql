-- Trigrams forgive a typo in a search (docs/search.md). Where the database offers no pg_trgm, or
-- this role may not add it, search works without that tolerance: nothing here may stop the start.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: search will not forgive typos (%).', SQLERRM;
END
$$;
