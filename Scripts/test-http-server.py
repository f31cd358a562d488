#!/usr/bin/env python3
"""An HTTP server for the tests: loopback only, on a free port, every request logged.

    python3 Scripts/test-http-server.py --log FILE [--latency MS] [--pictures DIR] [--port N]

Binds 127.0.0.1 port 0 (the kernel picks a free port; --port N to take N), prints the port on
stdout as one line, then serves until killed (or until the process that started
it ends). Each request's request line
(`GET /pictures/a.png HTTP/1.1`) is appended to FILE as it arrives, flushed at
once; events the tests look for follow as lines starting with `# `:

    # aborted GET /pictures/never.png    the client went away before the body ended
    # done GET /pages/link/1             the whole body was sent
    # active 6                           requests being answered right now (after each change)
    # headers GET /echo HTTP/1.1 {...}   the request's headers as a JSON object (names lowercased)

Tests/TestSupport/TestHTTPServer.swift starts it, knows its base URL, reads the
log and stops it. `--latency MS` delays every answer; `?latency=MS` one answer.
Every route answers GET (and HEAD where it is cheap).

Routes
  /pages/link/N?pages=P&per=K       page N of P (default 3) of K (default 5) JSON items,
                                    `Link: </pages/link/N+1?...>; rel="next"` (relative),
                                    plus rel="first" and rel="last" (absolute); no next on the last;
                                    with &fail=K&until=NAME, page K answers 500 until /release/NAME;
                                    with &hold=K&until=NAME, page K waits (at most 60 s) for /release/NAME
  /pages/cursor?after=C&pages=P     items after cursor C (none: the first page), the body
                                    {"items": [...], "next": "C2", "next_url": "http://.../pages/cursor?after=C2"};
                                    "next" is null on the last page
  /etag/NAME?version=V              JSON {"name": NAME, "version": V}, `ETag: "NAME-V"` and a
                                    fixed `Last-Modified`; 304 (no body) when If-None-Match holds
                                    the ETag or If-Modified-Since is that date
  /slow?chunks=N&delay=MS&size=B    N chunks of B bytes (JSON Lines of `{"n": i, "pad": "..."}`),
                                    MS milliseconds apart (chunked transfer encoding)
  /gate/NAME?size=B                 sends B bytes (default 100), then waits (at most 60 s) until
                                    /release/NAME is requested, then sends B more and ends: a test
                                    can prove it read the first bytes before the body was done;
                                    with &lines=K, K JSON Lines items (`{"id": i, "title": "item i"}`)
                                    before the wait and K more after it
  /release/NAME                     opens gate NAME; 200 "released"
  /status/CODE                      answers CODE with a one-line text body
  /pages/numbered?page=N&pages=P    page N of P (default 3) of K (&per=K, default 5) JSON items,
                                    an empty array past the last page
  /redirect/file                    302 to file:///etc/passwd
  /redirect/to?url=URL              302 to URL
  /redirect/N                       302 to /redirect/N-1; /redirect/0 answers 200 "arrived"
  /echo                             the request's headers as a JSON object (names lowercased)
  /gzip?size=B                      B bytes of JSON Lines, gzip-compressed when the client
                                    accepts gzip (`Content-Encoding: gzip`)
  /stall?size=B                     B bytes (default 10), then silence for 60 s: idle timeouts
  /bytes?size=B&length=0|1          B bytes of 'x' with (length=1, default) or without
                                    Content-Length (then the connection closes at the end)
  /pictures/never.png               a PNG header and a byte every 100 ms, never the end;
                                    logs `# aborted` once the client is gone
  /pictures/huge.png?length=0|1     2 GB generated as it is sent (a PNG signature, then zeros),
                                    never stored; length=0 leaves out Content-Length
  /pictures/NAME.png?w=W&h=H        a real W x H PNG (default 240 x 160, large enough to fill a card) whose colours come from
                                    NAME: stripes in two colours, so distinct names look distinct;
                                    `ETag: "NAME.png"`, and a 304 to If-None-Match with it
  /pictures/NAME.jpg                bars.jpg from --pictures DIR (default
                                    Tests/WaterfallImagesTests/Fixtures), any NAME
  /pictures/missing.png             404
  /items.json?n=N&base=URL          a JSON array of N items whose `img` names BASE/pictures/item-i.png
"""

import argparse
import gzip
import json
import os
import struct
import sys
import threading
import time
import urllib.parse
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOG_LOCK = threading.Lock()
LOG_FILE = None
ACTIVE = 0
GATES = {}
GATES_LOCK = threading.Lock()
LATENCY_MS = 0
PICTURES_DIR = None
LAST_MODIFIED = "Wed, 21 Oct 2015 07:28:00 GMT"


def log(line):
    with LOG_LOCK:
        LOG_FILE.write(line + "\n")
        LOG_FILE.flush()


def count_active(delta):
    global ACTIVE
    with LOG_LOCK:
        ACTIVE += delta
        LOG_FILE.write("# active %d\n" % ACTIVE)
        LOG_FILE.flush()


def gate(name):
    with GATES_LOCK:
        if name not in GATES:
            GATES[name] = threading.Event()
        return GATES[name]


def png(width, height, colours):
    """A real PNG: vertical stripes of the given RGB colours."""
    rows = b""
    for y in range(height):
        row = b"\x00"
        for x in range(width):
            row += bytes(colours[(x * len(colours)) // max(1, width)])
        rows += row

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def colours_for(name):
    digest = zlib.crc32(name.encode())
    first = ((digest >> 16) & 255, (digest >> 8) & 255, digest & 255)
    second = (255 - first[0], 255 - first[1], 255 - first[2])
    return [first, second]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body are written apart: without this, Nagle and the client's delayed ACK
    # add 40 ms to an answer on a kept-alive connection.
    disable_nagle_algorithm = True
    server_version = "waterfall-test"

    def log_message(self, format, *args):
        pass

    def base(self):
        return "http://%s:%d" % self.server.server_address[:2]

    def send_body(self, status, body, content_type="application/json", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        log(self.requestline)
        log("# headers %s %s" % (self.requestline, json.dumps({k.lower(): v for k, v in self.headers.items()})))
        count_active(1)
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        try:
            latency = int(query.get("latency", LATENCY_MS))
            if latency:
                time.sleep(latency / 1000)
            self.route(url.path, query)
            log("# done " + self.requestline)
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError):
            log("# aborted " + self.requestline)
            self.close_connection = True
        finally:
            count_active(-1)

    def route(self, path, query):
        parts = [p for p in path.split("/") if p]
        if parts[:2] == ["pages", "link"] and len(parts) == 3:
            return self.link_page(int(parts[2]), query)
        if parts == ["pages", "cursor"]:
            return self.cursor_page(query)
        if parts == ["pages", "numbered"]:
            return self.numbered_page(query)
        if parts[:1] == ["etag"] and len(parts) == 2:
            return self.etag(parts[1], query)
        if parts == ["slow"]:
            return self.slow(query)
        if parts[:1] == ["gate"] and len(parts) == 2:
            return self.gated(parts[1], query)
        if parts[:1] == ["release"] and len(parts) == 2:
            gate(parts[1]).set()
            return self.send_body(200, b"released\n", "text/plain")
        if parts[:1] == ["status"] and len(parts) == 2:
            code = int(parts[1])
            return self.send_body(code, b"status %d\n" % code, "text/plain")
        if parts == ["redirect", "file"]:
            return self.redirect("file:///etc/passwd")
        if parts == ["redirect", "to"]:
            return self.redirect(query.get("url", "/"))
        if parts[:1] == ["redirect"] and len(parts) == 2:
            n = int(parts[1])
            if n <= 0:
                return self.send_body(200, b"arrived\n", "text/plain")
            return self.redirect("/redirect/%d" % (n - 1))
        if parts == ["echo"]:
            headers = {k.lower(): v for k, v in self.headers.items()}
            return self.send_body(200, json.dumps(headers).encode())
        if parts == ["gzip"]:
            return self.gzipped(int(query.get("size", "10000")))
        if parts == ["stall"]:
            return self.stall(int(query.get("size", "10")))
        if parts == ["bytes"]:
            return self.bytes(int(query.get("size", "100")), query.get("length", "1") == "1")
        if parts == ["items.json"]:
            return self.item_list(int(query.get("n", "10")), query.get("base", self.base()))
        if parts[:1] == ["pictures"] and len(parts) == 2:
            return self.picture(parts[1], query)
        self.send_body(404, b"no such route\n", "text/plain")

    def redirect(self, location):
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def items(self, count, start, pages):
        return [{"id": i, "title": "item %d" % i, "img": "/pictures/item-%d.png" % i} for i in range(start, start + count)]

    def item_list(self, count, base):
        items = [{"id": i, "title": "item %d" % i, "img": "%s/pictures/item-%d.png" % (base, i)} for i in range(1, count + 1)]
        self.send_body(200, json.dumps(items).encode())

    def link_page(self, n, query):
        pages = int(query.get("pages", "3"))
        per = int(query.get("per", "5"))
        if n < 1 or n > pages:
            return self.send_body(404, b"no such page\n", "text/plain")
        if str(n) == query.get("fail") and not gate(query.get("until", "")).is_set():
            return self.send_body(500, b"page %d fails\n" % n, "text/plain")
        if str(n) == query.get("hold"):
            log("# held page %d" % n)
            gate(query.get("until", "")).wait(60)
        suffix = "?pages=%d&per=%d" % (pages, per)
        for name in ("fail", "hold"):
            if name in query:
                suffix += "&%s=%s" % (name, query[name])
        if "until" in query:
            suffix += "&until=%s" % query["until"]
        links = ['<%s/pages/link/1%s>; rel="first"' % (self.base(), suffix),
                 '<%s/pages/link/%d%s>; rel="last"' % (self.base(), pages, suffix)]
        if n < pages:
            links.insert(0, '</pages/link/%d%s>; rel="next"' % (n + 1, suffix))
        body = json.dumps(self.items(per, (n - 1) * per + 1, pages)).encode()
        self.send_body(200, body, headers=[("Link", ", ".join(links))])

    def numbered_page(self, query):
        pages = int(query.get("pages", "3"))
        per = int(query.get("per", "5"))
        page = int(query.get("page", "1"))
        items = self.items(per, (page - 1) * per + 1, pages) if 1 <= page <= pages else []
        self.send_body(200, json.dumps(items).encode())

    def cursor_page(self, query):
        pages = int(query.get("pages", "3"))
        after = query.get("after")
        page = 1 if after is None else int(after.lstrip("c")) + 1
        if page > pages:
            return self.send_body(404, b"no such cursor\n", "text/plain")
        nxt = "c%d" % page if page < pages else None
        body = {"items": self.items(5, (page - 1) * 5 + 1, pages), "next": nxt,
                "next_url": None if nxt is None else "%s/pages/cursor?after=%s&pages=%d" % (self.base(), nxt, pages)}
        self.send_body(200, json.dumps(body).encode())

    def etag(self, name, query):
        version = query.get("version", "1")
        tag = '"%s-%s"' % (name, version)
        matches = self.headers.get("If-None-Match") == tag
        unchanged = self.headers.get("If-Modified-Since") == LAST_MODIFIED and self.headers.get("If-None-Match") is None
        if matches or unchanged:
            self.send_response(304)
            self.send_header("ETag", tag)
            self.send_header("Last-Modified", LAST_MODIFIED)
            self.end_headers()
            return
        body = json.dumps({"name": name, "version": version}).encode()
        self.send_body(200, body, headers=[("ETag", tag), ("Last-Modified", LAST_MODIFIED)])

    def start_chunked(self, content_type="application/x-ndjson"):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

    def chunk(self, data):
        self.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n")
        self.wfile.flush()

    def slow(self, query):
        chunks = int(query.get("chunks", "5"))
        delay = int(query.get("delay", "100"))
        size = int(query.get("size", "64"))
        self.start_chunked()
        for i in range(chunks):
            line = json.dumps({"n": i, "pad": "x" * max(0, size - 20)}).encode() + b"\n"
            self.chunk(line)
            if i + 1 < chunks:
                time.sleep(delay / 1000)
        self.chunk(b"")

    def gated(self, name, query):
        size = int(query.get("size", "100"))
        lines = int(query.get("lines", "0"))

        def items(start):
            return b"".join(json.dumps({"id": i, "title": "item %d" % i}).encode() + b"\n"
                            for i in range(start, start + lines))

        self.start_chunked("application/x-ndjson" if lines else "text/plain")
        # Logged before the first bytes go: a client that has them sees the line.
        log("# gate %s waiting" % name)
        self.chunk(items(1) if lines else b"a" * size)
        opened = gate(name).wait(60)
        log("# gate %s %s" % (name, "opened" if opened else "timed out"))
        self.chunk(items(lines + 1) if lines else b"b" * size)
        self.chunk(b"")

    def gzipped(self, size):
        body = b"".join(json.dumps({"n": i}).encode() + b"\n" for i in range(size // 10))[:size]
        if "gzip" in self.headers.get("Accept-Encoding", ""):
            return self.send_body(200, gzip.compress(body), headers=[("Content-Encoding", "gzip")])
        self.send_body(200, body)

    def stall(self, size):
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(size * 2))
        self.end_headers()
        self.wfile.write(b"s" * size)
        self.wfile.flush()
        for _ in range(600):
            time.sleep(0.1)
        self.wfile.write(b"s" * size)

    def bytes(self, size, length):
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        if length:
            self.send_header("Content-Length", str(size))
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        block = b"x" * 65536
        left = size
        while left > 0:
            n = min(left, len(block))
            self.wfile.write(block[:n])
            left -= n

    def picture(self, name, query):
        if name == "never.png":
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", "1000000")
            self.end_headers()
            self.wfile.write(b"\x89PNG\r\n\x1a\n")
            self.wfile.flush()
            for _ in range(6000):
                time.sleep(0.1)
                self.wfile.write(b"\x00")
                self.wfile.flush()
            return
        if name == "huge.png":
            size = 2 * 1000 * 1000 * 1000
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            if query.get("length", "1") == "1":
                self.send_header("Content-Length", str(size))
            else:
                self.send_header("Connection", "close")
                self.close_connection = True
            self.end_headers()
            if self.command == "HEAD":
                return
            self.wfile.write(b"\x89PNG\r\n\x1a\n")
            block = b"\x00" * 65536
            sent = 8
            while sent < size:
                n = min(len(block), size - sent)
                self.wfile.write(block[:n])
                sent += n
            return
        if name == "missing.png":
            return self.send_body(404, b"no such picture\n", "text/plain")
        if name.endswith(".jpg"):
            with open(os.path.join(PICTURES_DIR, "bars.jpg"), "rb") as f:
                return self.send_body(200, f.read(), "image/jpeg")
        if name.endswith(".png"):
            if self.headers.get("If-None-Match") == '"%s"' % name:
                self.send_response(304)
                self.send_header("ETag", '"%s"' % name)
                self.end_headers()
                return
            width = int(query.get("w", "240"))
            height = int(query.get("h", "160"))
            body = png(width, height, colours_for(name))
            return self.send_body(200, body, "image/png", headers=[("ETag", '"%s"' % name), ("Last-Modified", LAST_MODIFIED)])
        self.send_body(404, b"no such picture\n", "text/plain")


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        # A client that closed a kept-alive connection is no error worth a traceback.
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)


def main():
    global LOG_FILE, LATENCY_MS, PICTURES_DIR
    parser = argparse.ArgumentParser()
    parser.add_argument("--log", required=True)
    parser.add_argument("--latency", type=int, default=0)
    # A fixed port, for a server restarted where the clients look for it (Scripts/soak.sh).
    parser.add_argument("--port", type=int, default=0)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--pictures", default=os.path.join(root, "Tests", "WaterfallImagesTests", "Fixtures"))
    arguments = parser.parse_args()
    LOG_FILE = open(arguments.log, "a", buffering=1)
    LATENCY_MS = arguments.latency
    PICTURES_DIR = arguments.pictures
    # Ends with the program that started it, even one that crashed before stopping it.
    parent = os.getppid()

    def watch_parent():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch_parent, daemon=True).start()
    server = Server(("127.0.0.1", arguments.port), Handler)
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
