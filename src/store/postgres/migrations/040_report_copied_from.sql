-- A report copied from another through the scan cache names its source: made private, the
-- source withdraws its copies (docs/server.md, "Visibility").
ALTER TABLE reports ADD COLUMN copied_from text;
CREATE INDEX reports_copied_from ON reports (copied_from) WHERE copied_from IS NOT NULL;
