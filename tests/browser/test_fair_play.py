"""Commit and reveal in the browser (docs/fair-play.md, web/src/fair-play.ts): the page commits to entropy it draws
when its person joins, reveals it once the table is full, and the host's start waits for the seats that have not
revealed, naming them; the table then says the deal is fair."""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import TYPE_CHECKING

import pytest

from tests import local_http
from tests.browser.test_lobby import api_view, create_six_nimmt

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser


def test_the_host_start_waits_for_a_seat_that_has_not_revealed(page: Page, web_url: str) -> None:
    game_id = create_six_nimmt(page, web_url)
    page.get_by_label("Your name").fill("Ada")
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/seats")) as joined:
        page.get_by_role("button", name="Join", exact=True).click()
    sent = joined.value.post_data_json
    assert sent is not None and "entropy" not in sent, "dealing 3 sends a commitment, never public entropy"
    assert re.fullmatch("[0-9a-f]{64}", sent["entropy_commitment"])
    page.get_by_text("Seat 1: Ada — you — entropy committed").wait_for()

    # another person, on another device, commits and then stays silent
    entropy = secrets.token_hex(32)
    commitment = hashlib.sha256(f"tapis-entropy-v3:{game_id}:{entropy}".encode()).hexdigest()
    bo = local_http.post(
        f"{web_url}/v1/games/{game_id}/seats", json={"name": "Bo", "entropy_commitment": commitment}, timeout=10
    )
    assert bo.status_code == 201, bo.text
    page.get_by_text("Seat 2: Bo — entropy committed").wait_for()
    assert api_view(web_url, game_id)["players"][0]["entropy"] == "", "no reveal before every seat is taken"

    page.get_by_role("button", name="Seat a bot").click()
    page.get_by_text("Seat 1: Ada — you — entropy revealed").wait_for()  # the full table: this page revealed
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("status").filter(has_text="Waiting for reveals from seat 2").wait_for()
    assert api_view(web_url, game_id)["status"] == "lobby"
    assert page.locator("#error").text_content() == ""

    revealed = local_http.post(
        f"{web_url}/v1/games/{game_id}/reveal",
        json={"entropy": entropy},
        headers={"Authorization": f"Bearer {bo.json()['player_token']}"},
        timeout=10,
    )
    assert revealed.status_code == 200, revealed.text
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("heading", name=re.compile("active")).wait_for()
    started = api_view(web_url, game_id)
    assert started["fairness"] == "committed"
    assert started["players"][1]["entropy"] == entropy
    page.locator('.fairness[data-fairness="committed"]', has_text="Fair deal").wait_for()
    # dealt: every entropy is public now, and the page keeps none
    assert page.evaluate(f"sessionStorage.getItem('tapis:entropy:{game_id}')") is None
