"""The security headers of the web client's pages (the static files router, api/static_files.py).

- `Content-Security-Policy`: scripts only from this origin (no inline script, no eval), styles from this origin
  and the pages' own `<style>` blocks by their SHA-256 (read from the built files once, so a rebuild cannot drift
  from the policy), fetches and live streams to this origin only, no plugins, no `<base>` rewriting;
  `frame-ancestors` from `TAPIS_FRAME_ANCESTORS`: `'none'` by default, so no other site can frame a table and trick
  a player into clicking (clickjacking); a portal that embeds the table on purpose lists its origins there.
- `X-Frame-Options: DENY` beside it when nothing may frame the pages, for browsers that predate frame-ancestors.
- `X-Content-Type-Options: nosniff` (a file is what its type says) and `Referrer-Policy: no-referrer`: a page's
  address holds the game id (and, in the replay viewer, what the user asked for); nothing of it leaves with a link.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

STYLE_BLOCK = re.compile(rb"<style>(.*?)</style>", re.DOTALL)
# what TAPIS_FRAME_ANCESTORS may list: 'none', 'self', or origins (a scheme, a host, an optional port)
ANCESTOR = re.compile(r"'none'|'self'|https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?|https?://\*\.[A-Za-z0-9.-]+")


def frame_ancestors_problem(value: str) -> str | None:
    """Why a TAPIS_FRAME_ANCESTORS value is refused (it goes into a header: nothing but sources), or None."""
    sources = value.split()
    if not sources:
        return "it is empty"
    bad = [source for source in sources if not ANCESTOR.fullmatch(source)]
    if bad:
        return f"{bad[0]!r} is not 'none', 'self' or an origin such as https://portal.example"
    if "'none'" in sources and len(sources) > 1:
        return "'none' stands alone"
    return None


def style_hashes(static: Path) -> list[str]:
    """The CSP source of each inline `<style>` block of the built pages."""
    found = set()
    for page in sorted(static.glob("*.html")):
        for block in STYLE_BLOCK.findall(page.read_bytes()):
            found.add("'sha256-" + base64.b64encode(hashlib.sha256(block).digest()).decode() + "'")
    return sorted(found)


def content_security_policy(static: Path, frame_ancestors: str) -> str:
    styles = " ".join(["'self'", *style_hashes(static)])
    return "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            f"style-src {styles}",
            "img-src 'self' data:",
            "connect-src 'self'",
            "font-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            f"frame-ancestors {frame_ancestors}",
        ]
    )


class PageHeaders:
    """Adds the pages' security headers to every response of the static files router."""

    def __init__(self, app: ASGIApp, static: Path, frame_ancestors: str = "'none'") -> None:
        problem = frame_ancestors_problem(frame_ancestors)
        if problem is not None:
            raise ValueError(f"TAPIS_FRAME_ANCESTORS: {problem}")
        self.app = app
        headers = [
            (b"content-security-policy", content_security_policy(static, frame_ancestors).encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
        ]
        if frame_ancestors.strip() == "'none'":
            headers.append((b"x-frame-options", b"DENY"))
        self.headers = headers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.headers]
            await send(message)

        await self.app(scope, receive, with_headers)
