#!/usr/bin/env python3
"""A loopback HTTP server shaped like SWAPI (https://swapi.dev/api), for explorer's tests.

Standard library only. Listens on 127.0.0.1 on a free port and prints that port, alone, as
the first line of stdout (then flushes), so a test can start it and read where it is.

What it serves, under --prefix (default /api):

  GET /api/<resource>/?page=N   <data>/<resource>-page-N.json; no page parameter means page 1.
                                The `next` and `previous` URLs are rewritten to point at this
                                server; everything else (such as each item's `url`) is sent
                                exactly as the file has it.
  GET /api/<resource>/<id>/     the item of <resource>-page-*.json whose `url` ends in /<id>/.
  GET /api/<resource>/?search=T items whose name (or title) contains T, case-insensitively,
                                paged by 10 as SWAPI does.
  --route PATH FILE             any other API: PATH (with its query, exactly as sent, e.g.
                                `/search?term=jack+johnson&entity=album`) answers FILE (relative
                                to --data); repeatable. A FILE not ending in .json (an image)
                                is sent as it is, as application/octet-stream, with an ETag:
                                asked again with If-None-Match, it answers 304 Not Modified.
  anything else                 404 {"detail": "Not found"}, as SWAPI answers.

Misbehaving, for the unhappy paths. SPEC names which requests are affected:
  `*` every request · `N` page N of any resource · `RESOURCE` every page of it ·
  `RESOURCE:N` that page · `/exact/path?and=query` exactly that request target.

  --delay-ms N                  wait N ms before every answer.
  --delay SPEC=MS               wait MS ms before answering the requests SPEC names (added to
                                --delay-ms); repeatable, e.g. `--delay 2=300` to make page 2 slow.
  --fail SPEC=STATUS[,after=K][,times=T][,retry-after=S]
                                answer STATUS (with a JSON `detail`) instead, but only after K
                                matching requests have succeeded (default 0) and at most T
                                times (default: always), with a `Retry-After: S` header if asked.
                                Repeatable; the first rule that applies wins. Example:
                                `--fail 2=500`, `--fail starships:1=503,after=1`, `--fail 1=429,retry-after=1`.
  --retry-after SECONDS         the first request for each distinct target answers
                                429 Too Many Requests with `Retry-After: SECONDS`; asking
                                again succeeds.
  --hang [SPEC]                 accept the request and never answer (default SPEC `*`).
  --malformed [SPEC]            answer 200 with a body that is not valid JSON (default `*`).
  --html [SPEC]                 answer 200 with an HTML page (text/html), as a proxy, a captive
                                portal or a moved file does (default `*`).
  --endless [SPEC]              answer 200 with a body that never ends (64 KB chunks, no length)
                                until the client hangs up (default `*`).
  --drip [SPEC]                 answer 200 announcing 1000 bytes and send one a second.
  --truncate [SPEC]             answer 200 with a Content-Length larger than the body sent, then
                                close the connection: an answer cut off mid-body (default `*`).
  --reset [SPEC]                send the headers and part of the body, then reset the connection
                                (TCP RST) (default `*`).
  --bad SPEC=KIND[,after=K]     answer a success whose body is no answer, after K matching requests
                                were answered well (default 0): `empty` (200, no body),
                                `no-content` (204 with the real answer as its body), `nuls`
                                (200, 100 KB of NUL bytes), `nested` (200, 100,000 `[`), `open`
                                (200, `{"results":{`), `half` (200, the first half of the real
                                answer, its Content-Length saying that is all). Repeatable.
  --broken SPEC=KIND[,after=K]  answer in a way no HTTP client can take, after K matching requests
                                were answered well: `huge-headers` (4 MB of header lines),
                                `bad-gzip` (Content-Encoding: gzip on a body that is not),
                                `negative-length` (Content-Length: -1), `redirect-loop` (302 to
                                itself), `https-redirect` (302 to https:// on this plain port),
                                `redirect-file`, `redirect-ftp`, `redirect-javascript` (302 to such
                                a URL), `redirect-malformed` (302 to `http://[::1`), `not-http`
                                (an SSH greeting), `http09` (a bare body, no status line).
  --require NAME=VALUE          answer 401 (TMDB-shaped: status_code 7) to any request under the
                                prefix (not to images beside it) without
                                query parameter NAME=VALUE, or, as `header:NAME=VALUE`, without
                                that header; repeatable (every one must be there). Required query
                                parameters are left out of the target that --route and `/…`
                                SPECs match, so a route need not spell out an API key.

  --echo-key NAME               a server that repeats a key: every JSON answer (a 401 of --require
                                too) carries the value of query parameter NAME as sent,
                                percent-encoded and JSON-escaped character by character.

Bookkeeping:
  --current FILE                write how many requests are being answered now, each time it
                                changes (a hung or endless answer ends when its client hangs up).
  --in-flight FILE              write the most requests ever answered at once (rewritten as
                                it grows), to check that a client really runs them in parallel.
  --log FILE                    append each request target (path and query, as received) as
                                one line, when it arrives, before any delay or misbehaviour.
  --max-seconds N               exit after N seconds whatever happens (default 120).
  It also exits by itself when its parent process dies (it polls its parent pid), and when its
  stdin is a pipe that reaches end of file (so closing the pipe, or dying, stops it).

Example: python3 fake_swapi.py --data data/swapi --fail 2=500 --log /tmp/requests.log
"""

import argparse
import hashlib
import json
import os
import re
import select
import socket
import stat
import struct
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Spec:
    """Which requests a misbehaviour applies to (see SPEC in the module docstring)."""

    def __init__(self, text):
        self.text = text

    def matches(self, target, resource, page):
        text = self.text
        if text == "*":
            return True
        if text.startswith("/"):
            return target == text
        if text.isdigit():
            return page == int(text)
        if ":" in text:
            name, _, number = text.partition(":")
            return resource == name and number.isdigit() and page == int(number)
        return resource == text


class FailRule:
    def __init__(self, text):
        match = re.fullmatch(r"(.+?)=(\d{3})((?:,[a-z-]+=\d+)*)", text)
        if not match:
            raise argparse.ArgumentTypeError(f"expected SPEC=STATUS[,after=K][,times=T][,retry-after=S], not {text!r}")
        spec, status, extras = match.groups()
        self.status = int(status)
        self.after = 0
        self.times = None
        self.retry_after = None
        for option in filter(None, extras.split(",")):
            key, _, value = option.partition("=")
            if key == "after":
                self.after = int(value)
            elif key == "times":
                self.times = int(value)
            elif key == "retry-after":
                self.retry_after = value
            else:
                raise argparse.ArgumentTypeError(f"bad --fail rule {text!r}: unknown option {key!r}")
        self.spec = Spec(spec)
        self.seen = 0
        self.failed = 0

    def applies(self, target, resource, page):
        """Counts the request and says whether it must fail (call under the server's lock)."""
        if not self.spec.matches(target, resource, page):
            return False
        self.seen += 1
        if self.seen <= self.after:
            return False
        if self.times is not None and self.failed >= self.times:
            return False
        self.failed += 1
        return True


class FakeSWAPI(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # The default listen backlog of 5 drops some of 8 simultaneous connects, and the client's
    # retransmission then costs a whole second.
    request_queue_size = 128

    def __init__(self, options):
        super().__init__(("127.0.0.1", 0), Handler)
        self.options = options
        self.lock = threading.Lock()
        self.throttled = set()
        self.stopping = threading.Event()
        self.log_file = open(options.log, "a", encoding="utf-8") if options.log else None
        self.in_flight = 0
        self.most_in_flight = 0

    def write_current(self):
        if self.options.current:
            with open(self.options.current, "w", encoding="utf-8") as file:
                file.write(f"{self.in_flight}\n")

    def enter(self):
        """Counts a request being answered; --in-flight FILE gets the most seen at once."""
        with self.lock:
            self.in_flight += 1
            self.write_current()
            if self.in_flight > self.most_in_flight:
                self.most_in_flight = self.in_flight
                if self.options.in_flight:
                    with open(self.options.in_flight, "w", encoding="utf-8") as file:
                        file.write(f"{self.most_in_flight}\n")

    def leave(self):
        with self.lock:
            self.in_flight -= 1
            self.write_current()

    @property
    def origin(self):
        return f"http://127.0.0.1:{self.server_address[1]}"

    def handle_error(self, request, client_address):
        """A client that hangs up early (explorer cancelling a request) is not worth a traceback."""
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            return
        if isinstance(error, (OSError, ValueError)) and getattr(self, "resetting", False):
            return  # the connection --reset closed under the handler
        super().handle_error(request, client_address)

    def record(self, target):
        if self.log_file is None:
            return
        with self.lock:
            self.log_file.write(target + "\n")
            self.log_file.flush()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # or every small answer waits ~40 ms for the client's ACK
    server_version = "fake_swapi/1"

    def log_message(self, format, *args):  # quiet: stdout carries only the port
        pass

    def client_hung_up(self):
        """Whether the client closed its end (readable with nothing to read, or an error)."""
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            if not readable:
                return False
            return self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    def do_GET(self):
        self.server.enter()
        try:
            self.respond()
        finally:
            self.server.leave()

    def respond(self):
        server = self.server
        options = server.options
        target = self.path
        server.record(target)

        parsed = urllib.parse.urlsplit(target)
        query = urllib.parse.parse_qs(parsed.query, keep_blank_values=True)
        resource, item_id = self.resource_of(parsed.path)
        page = self.page_of(query)

        # Credentials are for the API under --prefix: images beside it are served to anyone.
        under_prefix = parsed.path.startswith(options.prefix.rstrip("/") + "/")
        missing = [name for name, value in options.require if under_prefix and not self.carries(name, value, query)]
        target = self.without_required(parsed)
        echoed = self.echoed(query)
        if missing:
            if echoed is not None:
                self.send_body(401, ('{"status_code": 7, "status_message": "Invalid API key: ' + echoed + '", "success": false}').encode("utf-8"))
                return
            self.send_json(401, {"status_code": 7, "status_message": "Invalid API key: You must be granted a valid key.",
                                 "success": False})
            return

        delay = options.delay_ms + sum(ms for spec, ms in options.delay if spec.matches(target, resource, page))
        if delay:
            time.sleep(delay / 1000)

        if any(spec.matches(target, resource, page) for spec in options.hang):
            # Never answers; ends when the client hangs up or the server exits.
            while not server.stopping.wait(0.05):
                if self.client_hung_up():
                    return
            return

        if any(spec.matches(target, resource, page) for spec in options.endless):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Connection", "close")
            self.end_headers()
            chunk = b" " * 65536
            try:
                while not server.stopping.is_set():
                    self.wfile.write(chunk)
            except OSError:
                pass
            self.close_connection = True
            return

        if any(spec.matches(target, resource, page) for spec in options.drip):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            try:
                for _ in range(1000):
                    if server.stopping.wait(1) or self.client_hung_up():
                        break
                    self.wfile.write(b" ")
                    self.wfile.flush()
            except OSError:
                pass
            self.close_connection = True
            return

        with server.lock:
            rule = next((rule for rule in options.fail if rule.applies(target, resource, page)), None)
            throttle = options.retry_after is not None and target not in server.throttled
            if throttle:
                server.throttled.add(target)
        if rule is not None:
            self.send_json(rule.status, {"detail": f"fake_swapi: failing with {rule.status} as asked"},
                           headers={"Retry-After": rule.retry_after} if rule.retry_after is not None else None)
            return
        if throttle:
            self.send_json(429, {"detail": "Request was throttled."},
                           headers={"Retry-After": options.retry_after})
            return

        if any(spec.matches(target, resource, page) for spec in options.truncate):
            self.send_cut_off(reset=False)
            return
        if any(spec.matches(target, resource, page) for spec in options.reset):
            self.send_cut_off(reset=True)
            return

        if any(spec.matches(target, resource, page) for spec in options.malformed):
            self.send_body(200, b'{"count": 36, "next": null, "results": [{"name": "CR90 corv')
            return
        if any(spec.matches(target, resource, page) for spec in options.html):
            self.send_body(200, b"<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Sign in to continue</body></html>\n",
                           content_type="text/html; charset=utf-8")
            return

        with server.lock:
            broken = next((rule for rule in options.broken if rule.applies(target, resource, page)), None)
        if broken is not None:
            self.send_broken(broken.kind, self.path)
            return

        with server.lock:
            bad = next((rule for rule in options.bad if rule.applies(target, resource, page)), None)
        if bad is not None:
            self.send_bad(bad.kind, target, parsed, query, resource, item_id, page)
            return

        for path, file in options.route:
            if target == path and not file.endswith(".json"):
                with open(os.path.join(options.data, file), "rb") as raw:
                    data = raw.read()
                etag = '"' + hashlib.sha1(data).hexdigest()[:16] + '"'
                if self.headers.get("If-None-Match") == etag:
                    self.send_response(304)
                    self.send_header("ETag", etag)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    self.wfile.flush()
                else:
                    self.send_body(200, data, headers={"ETag": etag}, content_type="application/octet-stream")
                return
        status, body = self.answer(target, parsed, query, resource, item_id, page)
        if echoed is not None and isinstance(body, dict):
            text = json.dumps(body, ensure_ascii=False)
            self.send_body(status, (text[:-1] + ', "echo": "' + echoed + '"}').encode("utf-8"))
            return
        self.send_json(status, body)

    def echoed(self, query):
        """--echo-key NAME: the value of query parameter NAME as sent, percent-encoded and
        JSON-escaped character by character, as JSON string text; None without the option."""
        name = self.server.options.echo_key
        if name is None or name not in query:
            return None
        value = query[name][0]
        return " / ".join([json.dumps(value, ensure_ascii=False)[1:-1], urllib.parse.quote(value, safe=""),
                           "".join("\\u%04x" % ord(c) for c in value)])

    # Credentials

    def carries(self, name, value, query):
        if name.startswith("header:"):
            return self.headers.get(name[len("header:"):]) == value
        return query.get(name, [None])[0] == value

    def without_required(self, parsed):
        """The request target without the required query parameters (an API key)."""
        names = {name for name, _ in self.server.options.require if not name.startswith("header:")}
        if not names or not parsed.query:
            return self.path
        kept = [pair for pair in parsed.query.split("&") if urllib.parse.unquote_plus(pair.partition("=")[0]) not in names]
        return parsed.path + ("?" + "&".join(kept) if kept else "")

    # Routing

    def resource_of(self, path):
        """(`starships`, None) for /api/starships/, (`starships`, `10`) for /api/starships/10/."""
        prefix = self.server.options.prefix.rstrip("/")
        if not path.startswith(prefix + "/"):
            return None, None
        parts = [part for part in path[len(prefix):].split("/") if part]
        if len(parts) == 1:
            return parts[0], None
        if len(parts) == 2:
            return parts[0], parts[1]
        return None, None

    @staticmethod
    def page_of(query):
        values = query.get("page")
        if not values:
            return 1
        try:
            return int(values[0])
        except ValueError:
            return None

    def answer(self, target, parsed, query, resource, item_id, page):
        options = self.server.options
        for path, file in options.route:
            if target == path:
                return 200, self.load(file)
        if resource is None or not re.fullmatch(r"[a-z0-9_-]+", resource):
            return 404, {"detail": "Not found"}
        if item_id is not None:
            for item in self.all_items(resource):
                if str(item.get("url", "")).rstrip("/").endswith("/" + item_id):
                    return 200, item
            return 404, {"detail": "Not found"}
        if "search" in query:
            return self.search(resource, query["search"][0], page)
        if page is None:
            return 404, {"detail": "Invalid page."}
        path = os.path.join(options.data, f"{resource}-page-{page}.json")
        if not os.path.isfile(path):
            return 404, {"detail": "Invalid page." if self.all_pages(resource) else "Not found"}
        body = self.load(path)
        for key in ("next", "previous"):
            if isinstance(body.get(key), str):
                body[key] = self.rewrite(body[key])
        return 200, body

    def rewrite(self, url):
        """https://swapi.dev/api/starships/?page=2 → http://127.0.0.1:PORT/api/starships/?page=2"""
        server = self.server
        prefix = server.options.prefix.rstrip("/")
        parts = urllib.parse.urlsplit(url)
        path = parts.path
        marker = path.find(prefix + "/") if prefix else 0
        tail = path[marker + len(prefix):] if marker >= 0 else path
        return server.origin + prefix + tail + ("?" + parts.query if parts.query else "")

    def search(self, resource, term, page):
        term = term.lower()
        found = [item for item in self.all_items(resource)
                 if term in str(item.get("name", item.get("title", ""))).lower()]
        page = page or 1
        size = 10
        chunk = found[(page - 1) * size: page * size]
        if page > 1 and not chunk:
            return 404, {"detail": "Invalid page."}
        base = f"{self.server.origin}{self.server.options.prefix.rstrip('/')}/{resource}/"
        encoded = urllib.parse.quote(term)

        def link(number):
            return f"{base}?search={encoded}&page={number}"

        return 200, {
            "count": len(found),
            "next": link(page + 1) if page * size < len(found) else None,
            "previous": link(page - 1) if page > 1 else None,
            "results": chunk,
        }

    def all_pages(self, resource):
        pattern = re.compile(re.escape(resource) + r"-page-(\d+)\.json")
        found = []
        for name in os.listdir(self.server.options.data):
            match = pattern.fullmatch(name)
            if match:
                found.append((int(match.group(1)), os.path.join(self.server.options.data, name)))
        return [path for _, path in sorted(found)]

    def all_items(self, resource):
        items = []
        for path in self.all_pages(resource):
            items.extend(self.load(path).get("results", []))
        return items

    def load(self, path):
        if not os.path.isabs(path):
            path = os.path.join(self.server.options.data, path)
        with open(path, "rb") as file:
            return json.loads(file.read())

    # Sending

    def send_cut_off(self, reset):
        """Headers promising 4 KiB more than the part of a body that follows; then the connection
        is closed (a FIN, as a server that died mid-answer) or reset (an RST)."""
        part = b'{"count": 36, "next": null, "results": [{"name": "CR90 corv'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(part) + 4096))
        self.end_headers()
        self.wfile.write(part)
        self.wfile.flush()
        self.close_connection = True
        if reset:
            self.server.resetting = True
            time.sleep(0.05)  # let the client read what was sent, so it is mid-body when the RST comes
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()

    def send_bad(self, kind, *request):
        """A success whose body explorer cannot read (see --bad); the connection is closed after it,
        since a 204's body would otherwise be read as the start of the next answer."""
        real = json.dumps(self.answer(*request)[1], ensure_ascii=False).encode("utf-8")
        status, data = {
            "empty": (200, b""),
            "no-content": (204, real),
            "nuls": (200, bytes(100 * 1024)),
            "nested": (200, b"[" * 100_000),
            "open": (200, b'{"results":{'),
            "half": (200, real[:len(real) // 2]),
        }[kind]
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()
        self.close_connection = True

    def send_broken(self, kind, target):
        """Bytes no HTTP client can take as an answer (see --broken); the connection is closed after them."""
        def redirect(location):
            return b"HTTP/1.1 302 Found\r\nLocation: " + location + b"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        port = self.server.server_address[1]
        data = {
            "huge-headers": lambda: b"HTTP/1.1 200 OK\r\n" + b"".join(b"X-Filler-%d: %s\r\n" % (i, b"a" * 4000) for i in range(1000))
                                    + b"Content-Length: 2\r\nConnection: close\r\n\r\n{}",
            "bad-gzip": lambda: b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
                                b"Content-Length: 16\r\nConnection: close\r\n\r\nthis is not gzip",
            "negative-length": lambda: b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: -1\r\n"
                                       b"Connection: close\r\n\r\n{}",
            "redirect-loop": lambda: redirect(target.encode("utf-8")),
            "https-redirect": lambda: redirect(b"https://127.0.0.1:%d%s" % (port, target.encode("utf-8"))),
            "redirect-file": lambda: redirect(b"file:///etc/passwd"),
            "redirect-ftp": lambda: redirect(b"ftp://127.0.0.1/pub/answer.json"),
            "redirect-javascript": lambda: redirect(b"javascript:alert(1)"),
            "redirect-malformed": lambda: redirect(b"http://[::1"),
            "not-http": lambda: b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n",
            "http09": lambda: b'{"count": 1, "results": []}',
        }[kind]()
        self.close_connection = True
        try:
            self.wfile.write(data)
            self.wfile.flush()
        except OSError:
            pass  # the client stopped reading (headers past its limit)

    def send_json(self, status, body, headers=None):
        self.send_body(status, json.dumps(body, ensure_ascii=False).encode("utf-8"), headers)

    def send_body(self, status, data, headers=None, content_type="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()


def watch_for_orphaning(server):
    """Exits when the parent dies (we get re-parented) or stdin, if a pipe, reaches its end."""
    parent = os.getppid()

    def poll_parent():
        while True:
            if os.getppid() != parent:
                os._exit(0)
            time.sleep(0.2)

    threading.Thread(target=poll_parent, daemon=True).start()
    try:
        is_pipe = stat.S_ISFIFO(os.fstat(sys.stdin.fileno()).st_mode)
    except (OSError, ValueError):
        is_pipe = False
    if is_pipe:
        def read_until_end():
            try:
                while sys.stdin.buffer.read(4096):
                    pass
            except OSError:
                pass
            os._exit(0)

        threading.Thread(target=read_until_end, daemon=True).start()


class BadRule:
    """`SPEC=KIND[,after=K]` (see --bad)."""

    KINDS = ("empty", "no-content", "nuls", "nested", "open", "half")

    def __init__(self, text):
        match = re.fullmatch(r"(.+?)=([a-z0-9-]+)(?:,after=(\d+))?", text)
        if not match or match.group(2) not in self.KINDS:
            raise argparse.ArgumentTypeError(f"expected SPEC=KIND[,after=K], KIND one of {', '.join(self.KINDS)}, not {text!r}")
        self.spec = Spec(match.group(1))
        self.kind = match.group(2)
        self.after = int(match.group(3) or 0)
        self.seen = 0

    def applies(self, target, resource, page):
        """Counts the request and says whether it gets a bad body (call under the server's lock)."""
        if not self.spec.matches(target, resource, page):
            return False
        self.seen += 1
        return self.seen > self.after


class BrokenRule(BadRule):
    """`SPEC=KIND[,after=K]` (see --broken)."""

    KINDS = ("huge-headers", "bad-gzip", "negative-length", "redirect-loop", "https-redirect", "redirect-file",
             "redirect-ftp", "redirect-javascript", "redirect-malformed", "not-http", "http09")


def require_rule(text):
    name, equals, value = text.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE or header:NAME=VALUE, not {text!r}")
    return name, value


def delay_rule(text):
    match = re.fullmatch(r"(.+?)=(\d+)", text)
    if not match:
        raise argparse.ArgumentTypeError(f"expected SPEC=MS, not {text!r}")
    return Spec(match.group(1)), int(match.group(2))


def parse(arguments):
    parser = argparse.ArgumentParser(
        description="A loopback HTTP server shaped like SWAPI, for tests.",
        epilog="See the top of this file for the SPEC syntax and examples.")
    parser.add_argument("--data", required=True, help="directory of <resource>-page-N.json files")
    parser.add_argument("--prefix", default="/api", help="path the API lives under (default /api)")
    parser.add_argument("--delay-ms", type=int, default=0, metavar="N")
    parser.add_argument("--delay", type=delay_rule, action="append", default=[], metavar="SPEC=MS")
    parser.add_argument("--fail", type=FailRule, action="append", default=[],
                        metavar="SPEC=STATUS[,after=K][,times=T]")
    parser.add_argument("--retry-after", metavar="SECONDS")
    parser.add_argument("--hang", type=Spec, nargs="?", const=Spec("*"), action="append", default=[],
                        metavar="SPEC")
    parser.add_argument("--endless", type=Spec, nargs="?", const=Spec("*"), action="append", default=[])
    parser.add_argument("--drip", type=Spec, nargs="?", const=Spec("*"), action="append", default=[])
    parser.add_argument("--malformed", type=Spec, nargs="?", const=Spec("*"), action="append", default=[],
                        metavar="SPEC")
    parser.add_argument("--html", type=Spec, nargs="?", const=Spec("*"), action="append", default=[],
                        metavar="SPEC")
    parser.add_argument("--truncate", type=Spec, nargs="?", const=Spec("*"), action="append", default=[],
                        metavar="SPEC")
    parser.add_argument("--reset", type=Spec, nargs="?", const=Spec("*"), action="append", default=[],
                        metavar="SPEC")
    parser.add_argument("--bad", type=BadRule, action="append", default=[], metavar="SPEC=KIND[,after=K]")
    parser.add_argument("--broken", type=BrokenRule, action="append", default=[], metavar="SPEC=KIND[,after=K]")
    parser.add_argument("--route", nargs=2, action="append", default=[], metavar=("PATH", "FILE"))
    parser.add_argument("--require", type=require_rule, action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--echo-key", metavar="NAME")
    parser.add_argument("--log", metavar="FILE")
    parser.add_argument("--in-flight", metavar="FILE")
    parser.add_argument("--current", metavar="FILE")
    parser.add_argument("--max-seconds", type=float, default=120, metavar="N")
    options = parser.parse_args(arguments)
    if not os.path.isdir(options.data):
        parser.error(f"--data {options.data}: not a directory")
    return options


def main():
    options = parse(sys.argv[1:])
    server = FakeSWAPI(options)
    print(server.server_address[1], flush=True)
    watch_for_orphaning(server)
    timer = threading.Timer(options.max_seconds, lambda: os._exit(0))
    timer.daemon = True
    timer.start()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.stopping.set()


if __name__ == "__main__":
    main()
