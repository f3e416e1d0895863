-- A history's key becomes the URL's host: the port joins the host name when it is not the
-- scheme's default, so two servers on one host are two histories (docs/server.md). Rows stored
-- before keep their host name unless their URL names such a port.
UPDATE reports AS r SET domain = k.host
  FROM (SELECT id, lower(split_part(url, '://', 1)) AS scheme, lower(substring(url from '://([^/?#]*)')) AS host
          FROM reports WHERE position('://' in url) > 0) AS k
 WHERE r.id = k.id
   AND left(k.host, length(r.domain) + 1) = r.domain || ':'
   AND substr(k.host, length(r.domain) + 2) ~ '^[0-9]+$'
   AND NOT (k.scheme = 'http' AND substr(k.host, length(r.domain) + 2) = '80')
   AND NOT (k.scheme = 'https' AND substr(k.host, length(r.domain) + 2) = '443');

UPDATE history AS h SET domain = r.domain
  FROM reports AS r
 WHERE r.id = h.report_id AND h.domain <> r.domain;
