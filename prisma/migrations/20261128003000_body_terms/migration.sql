-- The body index's words (decision 059): a search's last word is a prefix, and FTS5 reads every
-- document of a prefix query before its first row. Spelled out as the words it stands for, the query
-- streams, so a count that stops at 1,000 reads about 1,000 documents.
CREATE VIRTUAL TABLE "ContentBodyTerms" USING fts5vocab('ContentBody', 'row');
