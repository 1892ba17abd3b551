"""The web client's files at / (built from web/ by `make web` into api/web/static/, committed so a Python install
needs no Node), outside the OpenAPI schema.

The bundles keep fixed names (app.js, not app.3f9c.js), so every file is sent with `Cache-Control: no-cache`: the
browser keeps its copy but asks each time, and a new release is seen at the next load rather than after some
max-age. Litestar's file responses carry an ETag but answer a matching `If-None-Match` with the whole file again;
`NotModified` turns that into a 304 without a body, so the question costs a few hundred bytes. The API's routes
are more specific than this mount's catch-all path and are matched first; a path under it that names no file is a
404 in the API's error shape.
"""

from __future__ import annotations

from pathlib import Path

from litestar import Router
from litestar.datastructures import CacheControlHeader
from litestar.enums import ScopeType
from litestar.middleware import DefineMiddleware
from litestar.static_files import create_static_files_router
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from api.page_headers import PageHeaders

WEB_STATIC = Path(__file__).resolve().parent / "web" / "static"


def _header(headers: list[tuple[bytes, bytes]] | object, name: bytes) -> bytes | None:
    for key, value in headers if isinstance(headers, list) else []:
        if key.lower() == name:
            return bytes(value)
    return None


def _matches(if_none_match: bytes, etag: bytes) -> bool:
    """RFC 9110 13.1.2: `*`, or one of the listed tags, compared weakly (a `W/` prefix is ignored)."""
    if if_none_match.strip() == b"*":
        return True
    wanted = etag.strip().removeprefix(b"W/")
    return any(tag.strip().removeprefix(b"W/") == wanted for tag in if_none_match.split(b","))


class NotModified:
    """A GET or HEAD whose `If-None-Match` names the file's current ETag is answered 304 with no body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        asked = _header(scope.get("headers"), b"if-none-match") if scope["type"] == ScopeType.HTTP else None
        if asked is None or scope.get("method") not in {"GET", "HEAD"}:
            await self.app(scope, receive, send)
            return
        not_modified = False

        async def send_conditionally(message: Message) -> None:
            nonlocal not_modified
            if message["type"] == "http.response.start" and message["status"] == 200:
                headers = list(message.get("headers", []))
                etag = _header(headers, b"etag")
                if etag is not None and _matches(asked, etag):
                    not_modified = True
                    kept = [(k, v) for k, v in headers if k.lower() not in {b"content-length", b"content-type"}]
                    await send({"type": "http.response.start", "status": 304, "headers": kept})
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                    return
            if not_modified:
                return  # the file's body, which the 304 does not carry
            await send(message)

        await self.app(scope, receive, send_conditionally)


def web_client(frame_ancestors: str = "'none'") -> Router:
    """The static files router: `/` is index.html (the lobby), every other file by its name, each with the pages'
    security headers (api/page_headers.py); `frame_ancestors`: who may frame the pages (TAPIS_FRAME_ANCESTORS)."""
    return create_static_files_router(
        path="/",
        directories=[WEB_STATIC],
        html_mode=True,
        name="web",
        cache_control=CacheControlHeader(no_cache=True),
        include_in_schema=False,
        middleware=[DefineMiddleware(PageHeaders, static=WEB_STATIC, frame_ancestors=frame_ancestors), NotModified],
    )
