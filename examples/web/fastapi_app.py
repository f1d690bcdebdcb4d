# requires: fastapi
"""The same with FastAPI (docs/PYTHON.md, "Web applications"; served by uvicorn in
bindings/python/tests/test_web_asgi.py): `app.add_middleware` takes the middleware's arguments."""
import asyncio
import os

from fastapi import FastAPI, Request
from fastapi.responses import StreamingResponse

import lokale
import lokale.asgi

runtime = lokale.Runtime(["en"], settings_path="")
bundle = runtime.open(os.environ.get("LOKALE_WEB_BUNDLE", "build/examples/DesktopApp.lokale"), main=True)

app = FastAPI()
app.add_middleware(lokale.asgi.LanguageMiddleware, bundle=bundle, sources=("cookie:lang", "header"))


@app.get("/")
async def hello(request: Request) -> dict:
    return {"title": bundle.string("workspace.title"), "languages": list(request.scope["lokale.languages"].list)}


@app.get("/report")
async def report(count: int = 3) -> StreamingResponse:
    async def lines():
        for n in range(count):
            await asyncio.sleep(0)
            yield f"{bundle.string('workspace.title')}: {bundle.format('summary.item-count', n)}\n"

    return StreamingResponse(lines(), media_type="text/plain; charset=utf-8")
