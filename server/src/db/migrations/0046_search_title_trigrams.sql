-- A typo forgiven quickly (docs/search.md): lesson titles by their trigrams, where pg_trgm is there
-- (0044_search_trigrams). Without it, search works without that tolerance.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS lessons_title_trigrams_idx ON lessons USING gin (title gin_trgm_ops);
  END IF;
END
$$;
