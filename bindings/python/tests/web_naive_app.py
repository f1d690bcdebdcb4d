"""The bug the middleware exists to avoid, as a control for test_web_asgi.py: the example Starlette
app behind a middleware that sets the *runtime's* languages for each request (a process-wide
setting, as a per-thread or global locale is in other stacks). Under concurrent requests whose
handlers await, a request renders in whichever language the last request to start set, so the
load test must see wrong answers here: proof that it can see a leak at all."""

from examples.web import starlette_app

bundle = starlette_app.bundle
inner = starlette_app.app.app  # the Starlette app, without lokale's middleware
choose = starlette_app.app.choose


async def app(scope, receive, send):
    if scope["type"] != "http":
        await inner(scope, receive, send)
        return
    choice = choose(scope)
    scope = dict(scope, **{"lokale.languages": choice})
    if choice.prefix:
        scope["root_path"] = scope.get("root_path", "") + choice.prefix
    bundle.runtime.preferred_languages = list(choice.list)  # the leak: shared by every request

    async def send_language(message):
        if message["type"] == "http.response.start":
            message = dict(message, headers=list(message.get("headers", [])) + [(b"content-language", choice.content_language.encode())])
        await send(message)

    await inner(scope, receive, send_language)


