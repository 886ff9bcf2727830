-- The number a lead's visitor was shown (content phoneBySource: a number per ad source, else the
-- complex's contact.phone), as the lead form sent it and the server checked it. NULL for leads
-- stored before this column. A plain nullable column: old instances keep working during a deploy.
ALTER TABLE leads ADD COLUMN shown_phone TEXT;
