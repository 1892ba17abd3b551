"""The replay viewer's event log in sentences (web/src/describe/, web/src/replay.ts): for a game of each kind played
by bots to its end, every event of the log reads as a sentence in the page's language (none falls back to its bare
type, none shows a placeholder or JSON), a few checked word for word against the event; the toggle shows each event's
type and JSON instead, and back."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, _page, keep
from tests.browser.test_score_sheet import GAMES, finished_by_bots

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

# one event per game and its sentence, in each language ({name}: the seat's bot name as the page shows it)
EXPECTED: dict[str, dict[str, Any]] = {
    "six-nimmt": {"type": "RowTaken", "en": "took row", "fr": "prend la rangée"},
    "le-baron": {"type": "CardPlaced", "en": "goes to row", "fr": "va sur la rangée"},
    "barbu": {"type": "ContractChosen", "en": "chose", "fr": "choisit"},
    "daron": {"type": "CardsDeposited", "en": "laid", "fr": "dépose"},
    "bohnanza": {"type": "FieldHarvested", "en": "harvested", "fr": "récolte"},
}


def fields_json(event: dict[str, Any]) -> str:
    """The log's JSON of an event: its fields but the type, as JSON.stringify writes them (cut at 140)."""
    text = json.dumps(
        {k: v for k, v in event["data"].items() if k != "type"}, separators=(",", ":"), ensure_ascii=False
    )
    return text if len(text) <= 140 else text[:139] + "…"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_replay_log_reads_in_sentences_and_the_toggle_shows_the_json(
    browser: Browser, web_url: str, game: str, lang: str
) -> None:
    game_id, events = finished_by_bots(web_url, game)
    errors: list[str] = []
    for page in _page(browser, DESKTOP, locale="fr-FR" if lang == "fr" else "en-US"):
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{web_url}/replay.html?game={game_id}")
        log = page.locator("#log")
        expect(log.locator("li")).to_have_count(len(events))
        sentences = log.locator(".s").all_inner_texts()
        types = [event["type"] for event in events]
        for event, text in zip(events, sentences, strict=True):
            assert text != event["type"], f"{game}: no sentence for {event['type']}"
            assert "{" not in text and "}" not in text, f"{game}: {event['type']} reads {text!r}"
            assert text.endswith("."), f"{game}: {event['type']} reads {text!r}"
            # no blank where a word should be (a field the sentence did not find)
            assert ": ." not in text and "()" not in text and " ." not in text, (
                f"{game}: {event['type']} reads {text!r}"
            )
        wanted = EXPECTED[game]
        index = types.index(wanted["type"])
        assert wanted[lang] in sentences[index], sentences[index]
        if lang == "fr":
            assert "La partie commence." in sentences
            if game == "barbu":
                played = sentences[types.index("CardPlayed")]
                assert any(suit in played for suit in ("trèfle", "carreau", "cœur", "pique")), played
        else:
            assert "The game started." in sentences
        keep(page, f"replay-sentences-{game}-{lang}")

        # the toggle: each event's type and JSON instead of its sentence, and back
        toggle = page.get_by_label("Voir les évènements en JSON" if lang == "fr" else "Show the events as JSON")
        toggle.check()
        expect(log.locator(".s").first).to_be_hidden()
        expect(log.locator(".raw").nth(index)).to_be_visible()
        assert log.locator(".raw .t").nth(index).inner_text() == wanted["type"]
        assert log.locator(".raw .d").nth(index).inner_text() == fields_json(events[index])
        toggle.uncheck()
        expect(log.locator(".s").nth(index)).to_be_visible()
        expect(log.locator(".raw").nth(index)).to_be_hidden()
    assert errors == []
