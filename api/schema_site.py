"""`/schema`: the interactive API docs and the spec, served whole and from this process alone.

Litestar's own pages load Swagger UI from a CDN (blank without the Internet) and serve the spec Litestar derives from
the routes, without the commands, events and views that `api/openapi.py` adds to `openapi.yaml`. Here:

- `/schema` (and `/schema/swagger`): Swagger UI from the `swagger-ui-bundle-v2` wheel, its files served by this
  process under `/schema/assets/` (no request leaves for another host: no CDN, no favicon from elsewhere, no call to
  Swagger's online validator);
- `/schema/openapi.json`, `/schema/openapi.yaml` (`.yml`): the same document as `openapi.yaml`, built by the same
  `enrich` from Litestar's, once per process.
"""

from __future__ import annotations

import copy
import html
import json
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from litestar.enums import OpenAPIMediaType
from litestar.openapi.plugins import JsonRenderPlugin, OpenAPIRenderPlugin, SwaggerRenderPlugin, YamlRenderPlugin
from litestar.static_files import create_static_files_router
from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]  # a path, no typed API to speak of

from api.openapi import enrich

if TYPE_CHECKING:
    from litestar import Request
    from litestar.router import Router

SWAGGER_UI = Path(str(swagger_ui_path))  # swagger-ui-dist's files as the wheel ships them
ASSETS = "/assets"  # under the OpenAPI router's path: /schema/assets/swagger-ui-bundle.js


class ServedSpec:
    """The spec of `openapi.yaml`, enriched once from Litestar's and then kept: every schema route serves it."""

    def __init__(self) -> None:
        self._spec: dict[str, Any] | None = None
        self._lock = threading.Lock()  # the sync handlers may run in threads; enrich runs once all the same

    def of(self, litestar_spec: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            if self._spec is None:
                # a copy: Litestar keeps its dict for its own use, and enrich changes what it is given
                self._spec = enrich(copy.deepcopy(litestar_spec))
            return self._spec


class SpecJson(JsonRenderPlugin):
    def __init__(self, served: ServedSpec) -> None:
        super().__init__(path="/openapi.json", media_type=OpenAPIMediaType.OPENAPI_JSON)
        self.served = served

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return json.dumps(self.served.of(openapi_schema), ensure_ascii=False).encode()


class SpecYaml(YamlRenderPlugin):
    def __init__(self, served: ServedSpec) -> None:
        super().__init__(path=("/openapi.yaml", "/openapi.yml"), media_type=OpenAPIMediaType.OPENAPI_YAML)
        self.served = served

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        # written as `tapis openapi` writes openapi.yaml (api/openapi.py `spec_yaml`), key order kept
        return yaml.safe_dump(self.served.of(openapi_schema), sort_keys=False, allow_unicode=True).encode()


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <link rel="icon" type="image/png" href="{assets}/favicon-32x32.png">
  <link rel="stylesheet" href="{assets}/swagger-ui.css">
  <style>body {{ margin: 0; padding: 0 }}</style>
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="{assets}/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({{
      url: "{spec}",
      dom_id: "#swagger-ui",
      deepLinking: true,
      showExtensions: true,
      showCommonExtensions: true,
      validatorUrl: null,
      presets: [SwaggerUIBundle.presets.apis],
    }});
  </script>
</body>
</html>
"""


class SwaggerPage(SwaggerRenderPlugin):
    """Swagger UI reading `openapi.json` from this server, with every file it loads from this server too."""

    def __init__(self) -> None:
        super().__init__(path=["/", "/swagger"])
        self.base = "/schema"  # replaced by the router's own path when Litestar hands it over

    def receive_router(self, router: Router) -> None:
        super().receive_router(router)  # Swagger UI's oauth2-redirect.html, as Litestar's page has it
        self.base = router.path.rstrip("/")
        router.register(
            create_static_files_router(
                path=ASSETS, directories=[SWAGGER_UI], name="swagger-ui", include_in_schema=False
            )
        )

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        title = html.escape(str(openapi_schema.get("info", {}).get("title", "API")))
        return PAGE.format(title=title, assets=self.base + ASSETS, spec=self.base + "/openapi.json").encode()


def schema_pages() -> list[OpenAPIRenderPlugin]:
    """The render plugins of `OpenAPIConfig`: the Swagger UI page first, so that it is `/schema` itself."""
    served = ServedSpec()
    return [SwaggerPage(), SpecJson(served), SpecYaml(served)]
