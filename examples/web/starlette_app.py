# requires: starlette
"""A Starlette application answering each request in its own languages (docs/PYTHON.md, "Web
applications"; served by uvicorn under load in bindings/python/tests/test_web_asgi.py):
    uvicorn examples.web.starlette_app:app        (from the repository, after `make examples`)
The languages come from a /fr/... prefix, then a `lang` cookie, then ?lang=, then Accept-Language."""
import asyncio
import os

from starlette.applications import Starlette
from starlette.responses import PlainTextResponse, StreamingResponse
from starlette.routing import Route

import lokale
import lokale.asgi

runtime = lokale.Runtime(["en"], settings_path="")
bundle = runtime.open(os.environ.get("LOKALE_WEB_BUNDLE", "build/examples/DesktopApp.lokale"), main=True)


async def hello(request):
    choice = request.scope["lokale.languages"]   # what the middleware chose, and from where
    return PlainTextResponse(f"{bundle.string('workspace.title')} ({choice.content_language}, {choice.source})")


async def report(request):
    count = int(request.query_params.get("count", "3"))
    title = bundle.string("workspace.title")
    await asyncio.sleep(0)                          # other requests run here: their languages stay theirs

    async def lines():                              # sent after report() has returned
        for n in range(count):
            await asyncio.sleep(0)
            yield f"{title}: {bundle.format('summary.item-count', n)}\n"

    return StreamingResponse(lines(), media_type="text/plain; charset=utf-8")


app = lokale.asgi.LanguageMiddleware(
    Starlette(routes=[Route("/", hello), Route("/report", report)]),
    bundle,
    sources=("path", "cookie:lang", "query:lang", "header"),
)
