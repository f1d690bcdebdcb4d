#!/usr/bin/env python3
"""The web middlewares' cost per request (lokale.asgi, lokale.wsgi), in process, and its report.

usage: web_py.py data DIR                      write DIR/po/*.po (lokale) and DIR/babel/*/LC_MESSAGES/messages.mo
       web_py.py bench DIR --bundle B.lokale [--requests K] [--reps R] --out RESULTS_PREFIX [--machine JSON]
       web_py.py report RESULTS.json --out RESULTS_PREFIX     the tables again from a run's JSON

One small app — a page of three messages, in the language of the request's Accept-Language
header (five headers in rotation: de-AT, fr-CA, ja, es, en) — served by each stack, called
directly (no server, no sockets: what is measured is the per-request work of the stack):

  WSGI, Flask 3 (app.wsgi_app called with a synthetic environ, the body joined):
    flask            the view reads the three messages with bundle.string in the runtime's
                     languages: no per-request language at all (the baseline)
    flask+lokale     the same app behind lokale.wsgi.LanguageMiddleware (the view unchanged)
    flask-babel      Flask-Babel 4, the documented way: Babel(locale_selector=...) choosing with
                     request.accept_languages.best_match, the view reading flask_babel.gettext
    flask-babel-force  Flask-Babel without a selector, the view inside force_locale(best_match)
  WSGI, no framework (a bare function):
    wsgi / wsgi+lokale          a list body; wsgi-stream / wsgi-stream+lokale: a generator body of
                                four chunks (the middleware enters the languages for each)
  ASGI (the app awaited with a synthetic scope, receive and send, in one event loop):
    asgi / asgi+lokale          a bare ASGI function
    starlette / starlette+lokale  Starlette 1 with one Route and a PlainTextResponse

Each request's output is checked first (each header's page in its language: the translations are
"[xx] ..."; the baselines in the development language). Timing: batches of 200 requests with
time.perf_counter_ns, gc disabled, the cases' batches interleaved round-robin with the order
rotating; per case the median batch; ratios are medians over rounds of paired batches (a case's
batch over its baseline's, or over flask-babel's, of the same round), so that the load of a
shared machine moves both sides of a ratio alike.
"""
import argparse
import asyncio
import gc
import json
import os
import statistics
import sys
import time

BATCH = 200
HEADERS = ["de-AT, de;q=0.9, en;q=0.5", "fr-CA, fr;q=0.8", "ja", "es-MX, es;q=0.9", "en-US, en;q=0.9"]
EXPECT = ["de", "fr", "ja", "es", "en"]
LANGS = ["en", "de", "fr", "ja", "es"]
MESSAGES = ["Welcome back", "Your workspace", "Nothing to show yet"]


# -- data ------------------------------------------------------------------------------------------

def data(d):
    """The catalog, as .po files for lokale compile and as .mo files for Flask-Babel."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import write_po

    os.makedirs(os.path.join(d, "po"), exist_ok=True)
    for lang in LANGS[1:]:
        catalog = Catalog(locale=lang, domain="messages")
        for text in MESSAGES:
            catalog.add(text, f"[{lang}] {text}")
        with open(os.path.join(d, "po", f"{lang}.po"), "wb") as f:
            write_po(f, catalog)
        mo_dir = os.path.join(d, "babel", lang, "LC_MESSAGES")
        os.makedirs(mo_dir, exist_ok=True)
        with open(os.path.join(mo_dir, "messages.mo"), "wb") as f:
            write_mo(f, catalog)


# -- the stacks ------------------------------------------------------------------------------------

def environ(header):
    return {"REQUEST_METHOD": "GET", "PATH_INFO": "/", "SCRIPT_NAME": "", "QUERY_STRING": "",
            "SERVER_NAME": "bench", "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1",
            "wsgi.url_scheme": "http", "wsgi.input": None, "wsgi.errors": sys.stderr,
            "wsgi.version": (1, 0), "wsgi.multithread": False, "wsgi.multiprocess": False,
            "wsgi.run_once": False, "HTTP_ACCEPT_LANGUAGE": header, "HTTP_HOST": "bench"}


def wsgi_caller(app):
    def start_response(status, headers, exc_info=None):
        return None

    def call(header):
        result = app(environ(header), start_response)
        try:
            return b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
    return call


def asgi_caller(app, loop):
    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def run(header, out):
        async def send(message):
            out.append(message.get("body", b""))
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
                 "scheme": "http", "path": "/", "raw_path": b"/", "root_path": "", "query_string": b"",
                 "headers": [(b"host", b"bench"), (b"accept-language", header.encode())],
                 "server": ("bench", 80), "client": ("127.0.0.1", 1)}
        await app(scope, receive, send)

    async def many(headers):
        out = []
        for header in headers:
            del out[:]
            await run(header, out)
        return b"".join(out)

    def call_batch(headers):
        return loop.run_until_complete(many(headers))

    return call_batch


def stacks(bundle_path, babel_dir):
    import flask
    import flask_babel
    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route

    import lokale
    import lokale.asgi
    import lokale.wsgi

    runtime = lokale.Runtime(["en"], settings_path="")
    bundle = runtime.open(bundle_path, main=True)
    string = bundle.string

    def page_lokale():
        return " | ".join([string(MESSAGES[0]), string(MESSAGES[1]), string(MESSAGES[2])])

    def flask_app(view):
        app = flask.Flask("bench")
        app.add_url_rule("/", "page", view)
        return app

    plain = flask_app(page_lokale)
    with_lokale = flask_app(page_lokale)
    with_lokale.wsgi_app = lokale.wsgi.LanguageMiddleware(with_lokale.wsgi_app, bundle)

    gettext = flask_babel.gettext

    def page_babel():
        return " | ".join([gettext(MESSAGES[0]), gettext(MESSAGES[1]), gettext(MESSAGES[2])])

    babel_app = flask_app(page_babel)
    babel_app.config["BABEL_TRANSLATION_DIRECTORIES"] = babel_dir
    flask_babel.Babel(babel_app, locale_selector=lambda: flask.request.accept_languages.best_match(LANGS))

    def page_forced():
        with flask_babel.force_locale(flask.request.accept_languages.best_match(LANGS) or "en"):
            return page_babel()

    forced_app = flask_app(page_forced)
    forced_app.config["BABEL_TRANSLATION_DIRECTORIES"] = babel_dir
    flask_babel.Babel(forced_app)

    def bare(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain; charset=utf-8")])
        return [page_lokale().encode()]

    def bare_stream(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain; charset=utf-8")])

        def body():
            for text in MESSAGES:
                yield string(text).encode()
            yield b"\n"
        return body()

    async def asgi_bare(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
        await send({"type": "http.response.body", "body": page_lokale().encode()})

    async def homepage(request):
        return PlainTextResponse(page_lokale())

    starlette = Starlette(routes=[Route("/", homepage)])
    loop = asyncio.new_event_loop()

    def wsgi(app, base):
        one = wsgi_caller(app)

        def batch(headers):
            for header in headers:
                one(header)
        return batch, one, base

    def asgi(app, base):
        batch = asgi_caller(app, loop)
        return batch, (lambda header: batch([header])), base

    cases = {
        "flask": wsgi(plain, None),
        "flask+lokale": wsgi(with_lokale, "flask"),
        "flask-babel": wsgi(babel_app, "flask"),
        "flask-babel-force": wsgi(forced_app, "flask"),
        "wsgi": wsgi(bare, None),
        "wsgi+lokale": wsgi(lokale.wsgi.LanguageMiddleware(bare, bundle), "wsgi"),
        "wsgi-stream": wsgi(bare_stream, None),
        "wsgi-stream+lokale": wsgi(lokale.wsgi.LanguageMiddleware(bare_stream, bundle), "wsgi-stream"),
        "asgi": asgi(asgi_bare, None),
        "asgi+lokale": asgi(lokale.asgi.LanguageMiddleware(asgi_bare, bundle), "asgi"),
        "starlette": asgi(starlette, None),
        "starlette+lokale": asgi(lokale.asgi.LanguageMiddleware(starlette, bundle), "starlette"),
    }
    return cases, runtime


def check(cases):
    """Every stack answers each header with its three messages in that header's language (the
    baselines, which have no per-request language: all in the development one)."""
    for name, (_batch, one, base) in cases.items():
        for header, lang in zip(HEADERS, EXPECT):
            text = one(header).decode()
            want = lang if base is not None else "en"
            ok = (text.count(f"[{want}] ") == len(MESSAGES) if want != "en"
                  else "[" not in text and all(m in text for m in MESSAGES))
            if not ok:
                raise SystemExit(f"web_py.py: {name} answered {header!r} with {text!r}, expected {want}")


# -- timing ----------------------------------------------------------------------------------------

def bench(a):
    cases, runtime = stacks(a.bundle, os.path.join(a.dir, "babel"))
    check(cases)
    names = list(cases)
    headers = [HEADERS[i % len(HEADERS)] for i in range(BATCH)]
    batches = max(1, a.requests // BATCH)
    samples = {n: [] for n in names}
    for _ in range(10):  # warm up: catalogs loaded, memos filled
        for n in names:
            cases[n][0](headers)
    gc.collect()
    gc.disable()
    clock = time.perf_counter_ns
    for rep in range(a.reps):
        for r in range(batches):
            order = names[(r + rep) % len(names):] + names[:(r + rep) % len(names)]
            for n in order:
                run = cases[n][0]
                t0 = clock()
                run(headers)
                samples[n].append((clock() - t0) / BATCH / 1000.0)  # µs per request
    gc.enable()
    rows = []
    for n in names:
        base = cases[n][2]
        row = {"case": n, "us": statistics.median(samples[n]), "p10": _pct(samples[n], 0.1), "p90": _pct(samples[n], 0.9),
               "requests": len(samples[n]) * BATCH, "baseline": base}
        if base:
            row["ratio_baseline"] = statistics.median(x / y for x, y in zip(samples[n], samples[base]))
            row["overhead_us"] = statistics.median(x - y for x, y in zip(samples[n], samples[base]))
        if n.startswith("flask") and n != "flask-babel":
            row["ratio_flask_babel"] = statistics.median(x / y for x, y in zip(samples[n], samples["flask-babel"]))
        rows.append(row)
    machine = json.loads(a.machine) if a.machine else {}
    machine["loadavg_end"] = " ".join(open("/proc/loadavg").read().split()[:3])
    import flask
    import flask_babel  # noqa: F401
    import starlette
    from importlib.metadata import version
    machine.update({"flask": flask.__version__ if hasattr(flask, "__version__") else version("flask"),
                    "flask_babel": version("flask-babel"), "starlette": starlette.__version__,
                    "accelerated": bool(__import__("lokale").accelerated()), "batch": BATCH, "reps": a.reps})
    runtime.close()
    report(rows, machine, a.out)


def _pct(values, p):
    s = sorted(values)
    i = p * (len(s) - 1)
    lo = int(i)
    return s[lo] if lo + 1 >= len(s) else s[lo] * (1 - (i - lo)) + s[lo + 1] * (i - lo)


def report(rows, machine, out):
    with open(out + ".json", "w") as f:
        json.dump({"machine": machine, "rows": rows}, f, indent=1)
    by = {r["case"]: r for r in rows}

    def fmt(x, spec):
        return format(x, spec) if x is not None else "—"

    lines = [
        "# Web middlewares: cost per request",
        "",
        "`make bench-web` (benchmarks/web.sh, benchmarks/web_py.py): one page of three messages in the",
        "language of the request's Accept-Language header (five headers in rotation), each stack called",
        "in process with a synthetic request (no server, no sockets), so the numbers are the stacks' own",
        "work per request. Medians of batches of 200 requests; ratios and overheads are medians over",
        "paired batches of the same round (see web_py.py).",
        "",
        f"Machine: {machine.get('cpu', '?')}, {machine.get('nproc', '?')} cores, load {machine.get('loadavg_start', '?')} → "
        f"{machine.get('loadavg_end', '?')}; {machine.get('date', '')}. Python {machine.get('python', '?')}, "
        f"liblokale {machine.get('lokale_version', '?')}, {machine.get('library', '?')}, accelerator "
        f"{'on' if machine.get('accelerated') else 'off'}; Flask {machine.get('flask')}, Flask-Babel "
        f"{machine.get('flask_babel')}, Starlette {machine.get('starlette')}.",
        "",
        "## Flask: lokale's middleware against none and against Flask-Babel",
        "",
        "| stack | µs/request | × no middleware | overhead µs | × Flask-Babel (selector) |",
        "|---|---:|---:|---:|---:|",
    ]
    for n in ("flask", "flask+lokale", "flask-babel", "flask-babel-force"):
        r = by[n]
        lines.append(f"| {n} | {r['us']:.2f} | {fmt(r.get('ratio_baseline'), '.3f')} | {fmt(r.get('overhead_us'), '.2f')} | "
                     f"{fmt(r.get('ratio_flask_babel') if n != 'flask-babel' else 1.0, '.3f')} |")
    lines += [
        "",
        "`flask`: the same app and view with lookups in the runtime's languages (no per-request language);",
        "`flask+lokale`: behind `lokale.wsgi.LanguageMiddleware`, the view unchanged; `flask-babel`:",
        "Flask-Babel's documented selector (`request.accept_languages.best_match`) and `gettext`;",
        "`flask-babel-force`: no selector, the view inside `force_locale(best_match)`.",
        "",
        "## The middlewares alone (no framework)",
        "",
        "| app | µs/request without | with lokale's middleware | × without | overhead µs |",
        "|---|---:|---:|---:|---:|",
    ]
    for base, with_ in (("wsgi", "wsgi+lokale"), ("wsgi-stream", "wsgi-stream+lokale"), ("asgi", "asgi+lokale"),
                        ("starlette", "starlette+lokale")):
        r, w = by[base], by[with_]
        lines.append(f"| {base} | {r['us']:.2f} | {w['us']:.2f} | {w['ratio_baseline']:.3f} | {w['overhead_us']:.2f} |")
    lines += [
        "",
        "`wsgi`: a bare WSGI function returning a list (passed through untouched); `wsgi-stream`: a",
        "generator of four chunks, each step of which (and `close()`) the middleware runs in the request's",
        "context; `asgi`: a bare ASGI function; `starlette`: Starlette with one route.",
        "",
    ]
    with open(out + ".md", "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["data", "bench", "report"])
    p.add_argument("dir")
    p.add_argument("--bundle")
    p.add_argument("--requests", type=int, default=20000)
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--out", default="benchmarks/results/web")
    p.add_argument("--machine", default="")
    a = p.parse_args()
    if a.mode == "data":
        data(a.dir)
    elif a.mode == "report":
        with open(a.dir) as f:
            run = json.load(f)
        report(run["rows"], run["machine"], a.out)
    else:
        bench(a)


if __name__ == "__main__":
    main()
