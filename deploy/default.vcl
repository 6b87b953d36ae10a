vcl 4.1;

# A shared cache in front of the site, standing in for a CDN: what it may keep and for how long is
# decided by the site's own Cache-Control, so this file holds no list of pages.
#   - Pages: `public, max-age=0, s-maxage=300, stale-while-revalidate=86400`. Kept 5 minutes
#     (SHARED_CACHE_SECONDS), then served stale while one request fetches the new version: a new
#     article is on /blog at most 5 minutes after `npm run db:seed`, plus one request.
#   - `no-store` or `private` (the contact form's result /kontakt?status=…, server functions,
#     404s and errors, and any route that sets it, like the booking pages) is never kept.
#   - Only GET and HEAD are looked up; a POST always goes to the site.
# Varnish writes no log to disk: varnishd keeps its log in a fixed ring in shared memory (VSL), which
# new requests overwrite; only varnishncsa writes one, with full addresses, and it is not turned on.
# Run varnishd with `-p http_gzip_support=off`: the site sends brotli and gzip itself, keyed by
# Vary: Accept-Encoding; Varnish's own gzip handling would drop brotli.

backend default {
	# The site's front (Caddy, deploy/Caddyfile) or the site itself on loopback.
	.host = "127.0.0.1";
	.port = "8080";
}

sub vcl_recv {
	if (req.method != "GET" && req.method != "HEAD") {
		return (pass);
	}
	if (req.url ~ "^/_serverFn/") {
		return (pass);
	}
	# The coach's desk: never cached, and its session cookie must reach the site (below, every
	# other request loses its cookies).
	if (req.url ~ "^/coach(/|\?|$)") {
		return (pass);
	}
	# The site sets no cookies: one that arrives (analytics on another subdomain) must not make
	# every visitor's page a cache miss.
	unset req.http.Cookie;
	unset req.http.Authorization;
	# Three kinds of Accept-Encoding, so the cache keeps at most three copies of a page.
	if (req.http.Accept-Encoding ~ "\bbr\b") {
		set req.http.Accept-Encoding = "br";
	} elsif (req.http.Accept-Encoding ~ "\bgzip\b") {
		set req.http.Accept-Encoding = "gzip";
	} else {
		unset req.http.Accept-Encoding;
	}
	return (hash);
}

sub vcl_backend_response {
	# Varnish's own rules already refuse no-store, private and Set-Cookie; this says it plainly
	# for anything that is not a 200 or a permanent redirect.
	if (beresp.status != 200 && beresp.status != 301) {
		set beresp.uncacheable = true;
		set beresp.ttl = 120s;
		return (deliver);
	}
}
