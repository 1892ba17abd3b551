"""`/schema` works offline and serves the spec of `openapi.yaml` whole (api/schema_site.py)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
import yaml

from tests import local_http

pytestmark = pytest.mark.e2e

SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"


class Loads(HTMLParser):
    """Every URL a page makes the browser fetch: `src` (scripts, images) and `href` of `<link>` (styles, icons)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is not None and (name == "src" or (tag == "link" and name == "href")):
                self.urls.append(value)


def loads(html: str) -> list[str]:
    parser = Loads()
    parser.feed(html)
    return parser.urls


@pytest.mark.parametrize("page", ["/schema", "/schema/swagger"])
def test_the_docs_page_loads_everything_from_this_server(server: str, page: str) -> None:
    response = local_http.get(server + page, timeout=10)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    urls = loads(response.text)
    assert any(url.endswith("swagger-ui-bundle.js") for url in urls), urls
    assert any(url.endswith("swagger-ui.css") for url in urls), urls
    origin = urlsplit(server)
    for url in urls:
        absolute = urlsplit(urljoin(server + page, url))
        assert (absolute.scheme, absolute.netloc) == (origin.scheme, origin.netloc), f"{url} is not same-origin"
        asset = local_http.get(absolute.geturl(), timeout=10)
        assert asset.status_code == 200, url
        assert asset.content, url
    # the page reads the spec from this server too: no other host is named anywhere in it
    assert "http://" not in response.text
    assert "https://" not in response.text
    assert '"/schema/openapi.json"' in response.text


def test_a_script_is_the_bundle_the_wheel_ships(server: str) -> None:
    from api.schema_site import SWAGGER_UI

    served = local_http.get(f"{server}/schema/assets/swagger-ui-bundle.js", timeout=10)
    assert served.status_code == 200
    assert served.content == (SWAGGER_UI / "swagger-ui-bundle.js").read_bytes()
    assert local_http.get(f"{server}/schema/assets/no-such-file.js", timeout=10).status_code == 404


@pytest.mark.parametrize("path", ["/schema/openapi.yaml", "/schema/openapi.yml", "/schema/openapi.json"])
def test_the_served_spec_is_openapi_yaml(server: str, path: str) -> None:
    response = local_http.get(server + path, timeout=10)
    assert response.status_code == 200
    served = response.json() if path.endswith(".json") else yaml.safe_load(response.text)
    expected = yaml.safe_load(SPEC.read_text())
    assert served == expected
    # what Litestar's own spec lacked: each game's commands, events and views
    schemas = served["components"]["schemas"]
    for name in ("SixNimmtCommand", "SixNimmtEvent", "SixNimmtView", "BohnanzaCommand", "LifecycleEvent"):
        assert name in schemas
    body = served["paths"]["/v1/games/{game_id}/commands"]["post"]["requestBody"]
    assert len(body["content"]["application/json"]["schema"]["oneOf"]) == 5
