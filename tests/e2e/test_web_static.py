"""The web client's files at / (api/app.py `web_client`): served from api/web/static/, revalidated on every load,
and without effect on the API: its routes, its JSON 404 and /schema answer as before."""

from __future__ import annotations

import pytest

from tests import local_http

pytestmark = pytest.mark.e2e


def test_the_root_is_the_lobby_page(server: str) -> None:
    answer = local_http.get(f"{server}/", timeout=10)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/app.js">' in answer.text
    assert answer.headers["cache-control"] == "no-cache"


def test_bundles_and_styles_are_served_with_their_types_and_revalidate(server: str) -> None:
    for path, kind in [("/app.js", "javascript"), ("/tapis.css", "text/css"), ("/index.html", "text/html")]:
        answer = local_http.get(f"{server}{path}", timeout=10)
        assert answer.status_code == 200, path
        assert kind in answer.headers["content-type"], path
        assert answer.headers["cache-control"] == "no-cache", path
        etag = answer.headers["etag"]
        again = local_http.get(f"{server}{path}", headers={"If-None-Match": etag}, timeout=10)
        assert again.status_code == 304, path  # no-cache: the browser keeps its copy and asks, the server says "same"
        assert again.content == b"" and again.headers["etag"] == etag
        other = local_http.get(f"{server}{path}", headers={"If-None-Match": '"another"'}, timeout=10)
        assert other.status_code == 200 and other.content == answer.content, path


def test_the_api_is_unchanged_beside_the_static_files(server: str) -> None:
    assert local_http.get(f"{server}/v1/health/live", timeout=10).status_code == 200
    assert local_http.get(f"{server}/v1/catalog", timeout=10).json()["games"]
    unknown = local_http.get(f"{server}/v1/no-such-route", timeout=10)
    assert unknown.status_code == 404
    assert unknown.json()["error"]["code"] == "not_found"
    schema = local_http.get(f"{server}/schema/openapi.json", timeout=10).json()
    assert "/v1/games" in schema["paths"]
    assert not any(path == "/" or path.startswith("/{") for path in schema["paths"])


def test_a_missing_file_is_a_json_404(server: str) -> None:
    answer = local_http.get(f"{server}/no-such-page.html", timeout=10)
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "not_found"
    assert local_http.get(f"{server}/../pyproject.toml", timeout=10).status_code == 404


def test_the_catalog_lists_the_bot_levels_the_lobby_offers(server: str) -> None:
    from domain.kernel.bots import LEVELS

    for entry in local_http.get(f"{server}/v1/catalog", timeout=10).json()["games"]:
        assert entry["bots"] == list(LEVELS), entry["game"]
    assert local_http.get(f"{server}/v1/catalog/daron", timeout=10).json()["bots"] == list(LEVELS)
