"""`make web-serve`: serves build/web/ on localhost and prints the address.

A plain static file server (the site needs nothing else), with the content types a
browser insists on for the page's module script and the WebAssembly file. Tests
start one with `serve(directory, port=0)` on a free port.
"""
import argparse
import functools
import http.server
import os
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, "build", "web")
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".mpy": "application/octet-stream",
         ".css": "text/css", ".html": "text/html; charset=utf-8"}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def log_message(self, fmt, *args):
        if getattr(self.server, "verbose", False):
            http.server.SimpleHTTPRequestHandler.log_message(self, fmt, *args)


def make_server(directory=SITE, host="127.0.0.1", port=8000, verbose=False):
    handler = functools.partial(Handler, directory=directory)
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.verbose = verbose
    return server


def serve(directory=SITE, port=0):
    """Starts a server in a daemon thread; returns (server, base URL)."""
    server = make_server(directory, port=port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:%d/" % server.server_address[1]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--host", default="127.0.0.1")
    args = ap.parse_args(argv)
    if not os.path.exists(os.path.join(SITE, "index.html")):
        print("no site in %s: run `make web` first" % os.path.relpath(SITE, ROOT), file=sys.stderr)
        return 1
    server = make_server(SITE, args.host, args.port, verbose=True)
    print("Kocka in a browser: http://%s:%d/  (Ctrl-C stops)" % (args.host, server.server_address[1]),
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
