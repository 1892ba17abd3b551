"""OPTIONS answers for paths served by several handlers.

Litestar 2 builds its automatic OPTIONS answer from one handler of a path only, so `Allow` would miss
the others (litestar-org/litestar#4169, fixed in 3.0); these paths answer OPTIONS themselves.
"""

from __future__ import annotations

from litestar import Response


def allow(*methods: str) -> Response[None]:
    return Response(None, status_code=204, headers={"Allow": ", ".join((*methods, "OPTIONS"))})
