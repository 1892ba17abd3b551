"""The audit page (audit.html) in Chromium: a finished game's export, fetched by game id or picked from disk, is
verified in the browser (never through the server's /audit), each check by its stable code with the standalone
verifier's status, and the fairness level with its meaning; an edited export shows the check that catches it (the
standalone verifier's code), a file that is no export the malformed code."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

from tests import local_http
from tests.browser.conftest import DOCS_IMG
from tests.browser.played import Played, played
from tests.verifier import tamper

if TYPE_CHECKING:
    from playwright.sync_api import FilePayload, Page, Request

pytestmark = pytest.mark.browser
CHECKS = ["protocol", "commitment", "reveals", "deal_key", "chain", "shuffles", "re_execution", "bot_moves", "scores"]


@pytest.fixture(scope="module")
def finished(web_url: str) -> Played:
    return played(web_url, person_moves=None)


@pytest.fixture(scope="module")
def exported(web_url: str, finished: Played) -> bytes:
    answer = local_http.get(f"{web_url}/v1/games/{finished.game_id}/export")
    assert answer.status_code == 200, answer.text
    return answer.content


def rows(page: Page) -> list[dict[str, str]]:
    found: list[dict[str, str]] = page.eval_on_selector_all(
        "#checks tbody tr",
        "trs => trs.map(tr => ({name: tr.dataset.check, status: tr.dataset.status,"
        " detail: tr.querySelector('td.detail').textContent}))",
    )
    return found


def python(blob: bytes, head: str | None = None) -> Any:
    """The standalone verifier's verdict: .verdict, .code, .checks [{name, status, detail}] (its own words)."""
    return tamper.verifier.verify(blob, head)


def upload(page: Page, blob: bytes, name: str = "game.json") -> None:
    payload: FilePayload = {"name": name, "mimeType": "application/json", "buffer": blob}
    page.set_input_files("#file", files=[payload])


def verdict(page: Page, expected: str) -> str:
    page.wait_for_selector(f'#verdict[data-verdict="{expected}"]')
    text: str = page.text_content("#verdict") or ""
    return text


def edit_event(blob: bytes, change: Any) -> bytes:
    document = tamper.decode(blob)
    change(document)
    return tamper.encode(document)


def test_a_finished_games_export_verifies_in_the_browser_without_the_servers_audit(
    web_url: str, page: Page, finished: Played, exported: bytes
) -> None:
    asked: list[str] = []

    def note(request: Request) -> None:
        asked.append(request.url)

    page.on("request", note)
    page.goto(f"{web_url}/audit.html?game={finished.game_id}")
    assert verdict(page, "ok").startswith("Every check done in this browser passed")
    shown = rows(page)
    assert [r["name"] for r in shown] == CHECKS
    # the standalone verifier's statuses, check by check (each words its details itself)
    assert [(r["name"], r["status"]) for r in shown] == [(c["name"], c["status"]) for c in python(exported).checks]
    assert {r["status"] for r in shown} <= {"ok", "n/a", "partial", "not_run"}
    # the test server deals from the creator's seed: reproducible, never fair, and the page says so
    level = page.locator("#fairness")
    assert level.get_attribute("data-fairness") == python(exported).fairness == "client"
    assert level.get_attribute("data-fair") == "false"
    assert "not fair: the creator chose the seed" in (level.text_content() or "")
    assert f"/v1/games/{finished.game_id}/export" in " ".join(asked)
    assert not [
        url for url in asked if "/v1/" in url and url.split("?")[0].endswith("/audit")
    ]  # GET /v1/games/{id}/audit
    # what the browser cannot check is named
    assert page.locator("#server-only li").all_inner_texts()[0].startswith("re_execution")
    DOCS_IMG.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(DOCS_IMG / "audit.png"), full_page=True)


def test_an_edited_event_fails_the_chain_and_the_checks_after_it_are_not_run(
    page: Page, web_url: str, exported: bytes
) -> None:
    def move_a_card(document: dict[str, Any]) -> None:
        placed = next(e for e in document["events"] if e["type"] == "CardPlaced")
        placed["data"]["row"] = (placed["data"]["row"] + 1) % 4

    blob = edit_event(exported, move_a_card)
    page.goto(f"{web_url}/audit.html")
    upload(page, blob)
    expected = python(blob)
    assert (expected.verdict, expected.code) == ("failed", "chain")
    assert verdict(page, "failed").startswith("FAILED chain: event ")
    assert page.get_attribute("#verdict", "data-code") == "chain"
    statuses = {r["name"]: r["status"] for r in rows(page)}
    before = {c["name"]: c["status"] for c in expected.checks}
    assert statuses == before | {"chain": "failed"} | dict.fromkeys(CHECKS[CHECKS.index("chain") + 1 :], "skipped")
    assert "but a check failed, so nothing is proven" in (page.text_content("#fairness") or "")


@pytest.mark.parametrize(
    ("tampered", "caught_by"),
    [
        ("seed", "commitment"),
        ("entropy", "deal_key"),
        ("swap_hands", "re_execution"),  # the deals: the part of the re-execution that needs no rules
        ("chosen_deal", "shuffles"),
    ],
)
def test_a_tampered_export_shows_the_check_that_catches_it(
    page: Page, web_url: str, exported: bytes, tampered: str, caught_by: str
) -> None:
    if tampered == "seed":
        blob = edit_event(exported, lambda d: reveal(d, "ab" * 32))
    elif tampered == "entropy":
        blob = tamper.rechain(edit_event(exported, lambda d: started(d).update(entropy=["x", "", ""])))
    else:
        blob = getattr(tamper, tampered)(exported)  # rechained: only the check about the meaning catches it
    expected = python(blob)
    assert (expected.verdict, expected.code) == ("failed", caught_by)
    page.goto(f"{web_url}/audit.html")
    upload(page, blob, f"{tampered}.json")
    assert verdict(page, "failed").startswith(f"FAILED {caught_by}: ")
    assert page.get_attribute("#verdict", "data-code") == caught_by
    failed = page.locator(f'#checks tr[data-check="{caught_by}"]')
    assert failed.get_attribute("data-status") == "failed"


def reveal(document: dict[str, Any], seed: str) -> None:
    document["seed"] = seed
    next(e for e in document["events"] if e["type"] == "GameEnded")["data"]["seed"] = seed


def started(document: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = next(e for e in document["events"] if e["type"] == "GameStarted")["data"]
    return data


def test_a_kept_head_is_checked_and_a_file_that_is_no_export_is_refused(
    page: Page, web_url: str, finished: Played, exported: bytes
) -> None:
    head = local_http.get(f"{web_url}/v1/games/{finished.game_id}").json()["chain_head"]
    page.goto(f"{web_url}/audit.html")
    page.fill("#head", head)
    upload(page, exported)
    verdict(page, "ok")
    assert rows(page)[-1]["name"] == "head" and rows(page)[-1]["status"] == "ok"
    page.fill("#head", "00" * 32)
    upload(page, exported, "again.json")
    assert verdict(page, "failed").startswith("FAILED head: no event's chain is 0000000000000000...")
    page.fill("#head", "")
    upload(page, exported[: len(exported) // 2], "truncated.json")
    assert "the file ends early" in verdict(page, "malformed")
    assert page.get_attribute("#verdict", "data-code") == "not_json"
    upload(page, json.dumps({"format": "other"}).encode(), "other.json")
    assert "not a tapis export" in verdict(page, "malformed")
    assert page.get_attribute("#verdict", "data-code") == "bad_shape"
    upload(page, exported.replace(b'"players":3,', b'"players":3.0,', 1), "float.json")
    assert verdict(page, "malformed").startswith("Not a well-formed export (bad_number)")
    assert page.is_hidden("#fairness")


def test_the_audit_page_fits_a_phone(web_url: str, phone_page: Page, finished: Played) -> None:
    phone_page.goto(f"{web_url}/audit.html?game={finished.game_id}")
    verdict(phone_page, "ok")
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone_page.locator('#checks tr[data-check="re_execution"]').is_visible()


def test_an_unknown_game_id_says_why_nothing_was_checked(web_url: str, page: Page) -> None:
    page.goto(f"{web_url}/audit.html")
    page.fill("#game-id", "no-such-game")
    page.click("#from-server button[type=submit]")
    page.wait_for_selector("#error:not(:empty)")
    message = page.text_content("#error") or ""
    # the server's own error in words (docs/errors.md), not a status code
    assert message == "The export of no-such-game could not be fetched: no game no-such-game (game_not_found)"
    assert page.is_hidden("#result")
