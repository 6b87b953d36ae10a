-- The blog's search index (app/server/search/search-index.server.ts fills it with Danish stems).
-- Contentless: the words live in blog_posts; rowid is blog_posts.id. remove_diacritics 0 keeps
-- æ, ø and å letters of their own (»får« is not »far«). Drizzle cannot describe a virtual table,
-- so this migration is written by hand.
CREATE VIRTUAL TABLE `blog_search` USING fts5(title, description, body, category, content='', tokenize='unicode61 remove_diacritics 0');
--> statement-breakpoint
-- The index's own word list: a query word that is not in it may be a compound (»karriereskift«).
CREATE VIRTUAL TABLE `blog_search_terms` USING fts5vocab(`blog_search`, 'row');
