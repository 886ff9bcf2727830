-- 운영 정보's history names the content file's value a change went from or back to ("1600-0000
-- (콘텐츠 기본값)"), as it was when the change was made: a later content deploy does not rewrite
-- the history. JSON text; 'null' when the content had none (no notice); NULL for changes made
-- before this column (the history then shows the content's value of today).
ALTER TABLE live_changes ADD COLUMN content_value TEXT
