"""Outgoing webhook calls (httpx): short timeouts, no redirects, the answer's body never read.

URLs are called as given: an operator who must keep Tapis from reaching internal addresses restricts egress
at the network (loopback stays allowed here: a portal may run beside Tapis, and the tests need it).
"""

from __future__ import annotations

import time

import httpx

from services.ports import Outcome

MAX_ERROR = 300


class HttpxPoster:
    def __init__(self) -> None:
        # made at the first call: its TLS context costs tens of milliseconds, for a process that may send nothing
        self._client: httpx.AsyncClient | None = None

    async def post(self, url: str, body: bytes, headers: dict[str, str], time_limit: float) -> Outcome:
        if self._client is None:
            # redirects are not followed: the signed body goes to the registered URL only
            self._client = httpx.AsyncClient(follow_redirects=False, trust_env=False)
        started = time.monotonic()
        try:
            async with self._client.stream("POST", url, content=body, headers=headers, timeout=time_limit) as response:
                status = response.status_code
        except Exception as exc:  # whatever went wrong is this attempt's error, retried like the others
            message = f"{type(exc).__name__}: {exc}".strip().removesuffix(":")
            return Outcome(ok=False, status_code=None, error=message[:MAX_ERROR], duration_ms=_ms(started))
        ok = 200 <= status < 300
        return Outcome(ok=ok, status_code=status, error=None if ok else f"HTTP {status}", duration_ms=_ms(started))

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()


def _ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)
