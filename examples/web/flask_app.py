# requires: flask
"""A Flask application answering each request in its own languages (docs/PYTHON.md, "Web
applications"; served by gunicorn under load in bindings/python/tests/test_web_wsgi.py):
    gunicorn -k gthread --threads 8 examples.web.flask_app:app   (from the repository)
The streamed report's generator runs after the view has returned, as the server iterates it: the
middleware keeps the request's languages for it, without Flask's stream_with_context."""
import os
import time

from flask import Flask, Response, request

import lokale
import lokale.wsgi

runtime = lokale.Runtime(["en"], settings_path="")
bundle = runtime.open(os.environ.get("LOKALE_WEB_BUNDLE", "build/examples/DesktopApp.lokale"), main=True)

app = Flask(__name__)
app.wsgi_app = lokale.wsgi.LanguageMiddleware(app.wsgi_app, bundle, sources=("path", "cookie:lang", "query:lang", "header"))


@app.get("/")
def hello():
    choice = request.environ["lokale.languages"]
    return f"{bundle.string('workspace.title')} ({choice.content_language}, {choice.source})"


@app.get("/report")
def report():
    count = int(request.args.get("count", "3"))

    def lines():
        for n in range(count):
            time.sleep(0)                            # let another request's thread run
            yield f"{bundle.string('workspace.title')}: {bundle.format('summary.item-count', n)}\n"

    return Response(lines(), mimetype="text/plain")
