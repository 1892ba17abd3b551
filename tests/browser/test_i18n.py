"""The web client in French and in English (web/src/i18n/): a French browser (Playwright `locale="fr-FR"`) gets the
lobby, its create form and a six-nimmt table in French, with `<html lang="fr">`; the FR / EN switch turns the page
to English and the choice is remembered across a reload."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE, _page
from tests.browser.table_play import (
    api_view,
    by_priority,
    no_sideways_scroll,
    open_table,
    page_errors,
    play_to_the_end,
    seat_person_with_bots,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser


def fr(text: str) -> str:
    """French as the catalogue writes it: the typographic apostrophe (U+2019) in place of '."""
    return text.replace("'", "\u2019")


@pytest.fixture
def french_page(browser: Browser) -> Iterator[Page]:
    yield from _page(browser, DESKTOP, locale="fr-FR")


def test_a_french_browser_gets_the_lobby_in_french_and_the_switch_turns_it_to_english(
    french_page: Page, web_url: str
) -> None:
    page = french_page
    page.goto(f"{web_url}/")
    page.get_by_role("heading", name="Salon", level=1).wait_for()
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.title() == "Tapis — salon"
    form = page.get_by_role("form", name="Créer une partie")
    form.get_by_label("Jeu", exact=True).select_option("six-nimmt")
    # every option of the create form has its label and a help line in French
    form.get_by_label("Paquet").wait_for()
    assert form.get_by_label("Paquet").locator("option").all_inner_texts() == ["complet", "réduit"]
    expect(form).to_contain_text("têtes de bœuf")
    assert form.get_by_label("Type").locator("option").all_inner_texts() == ["Seuil", "Manches"]
    expect(form.get_by_role("button", name="Créer la partie")).to_be_visible()
    form.get_by_label("Jeu", exact=True).select_option("barbu")
    for contract in ["Roi de cœur", "Dames", "Cœurs", "Plis", "Dernier pli", "Salade", "Réussite"]:
        form.get_by_label(contract, exact=True).wait_for()
    # the list opens on every status (a returning user's games are there), its filters in French
    filters = page.get_by_role("form", name="Filtrer les parties")
    assert filters.get_by_label("État").input_value() == ""
    assert "en cours" in filters.get_by_label("État").locator("option").all_inner_texts()
    # the nav of the static page is translated too, and the favicon is a file of the site
    assert page.get_by_role("link", name="Salon").count() == 1
    assert page.locator('link[rel="icon"]').get_attribute("href") == "/favicon.svg"

    # the switch: English now, and after a reload (remembered in this browser)
    switch = page.get_by_role("group", name="Langue")
    switch.get_by_role("button", name="English").click()
    page.get_by_role("heading", name="Lobby", level=1).wait_for()
    assert page.locator("html").get_attribute("lang") == "en"
    page.get_by_role("form", name="Create a game").get_by_label("Game", exact=True).wait_for()
    assert page.get_by_role("link", name="Lobby").count() == 1
    page.reload()
    page.get_by_role("heading", name="Lobby", level=1).wait_for()
    expect(page.get_by_role("group", name="Language").get_by_role("button", name="English")).to_have_attribute(
        "aria-pressed", "true"
    )
    # and back to French
    page.get_by_role("group", name="Language").get_by_role("button", name="Français").click()
    page.get_by_role("heading", name="Salon", level=1).wait_for()
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page_errors(page) == []


def test_a_six_nimmt_table_in_french(french_page: Page, web_url: str) -> None:
    page = french_page
    seated = seat_person_with_bots(web_url, "six-nimmt", 3, {"end": {"kind": "rounds", "rounds": 1}}, "6e" * 32)
    table = open_table(page, web_url, seated)
    assert page.locator("html").get_attribute("lang") == "fr"
    # the title and the heading say the status in French, not the API's word
    page.get_by_role("heading", name=re.compile(r"6 qui prend : en cours")).wait_for()
    assert "(en cours)" in page.title()
    # the players' words: rangées, têtes de bœuf; the line over the table speaks to the player
    expect(table.get_by_role("region", name="Rangées")).to_be_visible()
    hand = table.locator(".gt-hand [data-move]")
    expect(hand.first).to_have_attribute("aria-label", re.compile(r"^Jouer \d+, \d+ têtes? de bœuf$"))
    expect(table.locator(".gt-prompt")).to_have_text("Choisissez une carte à jouer.")
    expect(page.get_by_role("region", name="La table")).to_contain_text("À vous de jouer.")
    expect(table.get_by_role("region", name="Votre main")).to_be_visible()
    expect(table.locator(".gt-score").first).to_contain_text("Têtes de bœuf")
    play_to_the_end(page, by_priority(["choose_row", "play_card", "draft_card"]), seconds=60)
    # the end in French: the server's scores, the bots named in French (the server names them "smart bot 2")
    view = api_view(web_url, seated.game_id)
    final = page.locator(".gt-final")
    expect(final).to_have_attribute("data-final-scores", json.dumps(view["scores"], separators=(",", ":")))
    expect(page.get_by_role("heading", name="Partie terminée", level=2)).to_be_visible()
    expect(final).to_contain_text("robot malin")
    expect(final).to_contain_text("Ada (vous)")
    page.get_by_role("heading", name=re.compile(r"6 qui prend : terminée")).wait_for()
    # "La partie a commencé" and the like do not stay once the game is over
    assert "commencé" not in (page.locator("#notice").text_content() or "")
    # the replay viewer in French too: its static words and its own
    page.goto(f"{web_url}/replay.html?game={seated.game_id}&version=5")
    page.get_by_role("heading", name=re.compile(r"^Partie de six-nimmt"), level=1).wait_for()
    assert page.locator("html").get_attribute("lang") == "fr"
    expect(page.get_by_role("heading", name="Évènements")).to_be_visible()
    expect(page.locator("#position")).to_contain_text("Version 5 sur")
    expect(page.get_by_role("button", name=fr("Reculer d'un pas"))).to_be_visible()
    # and its audit, the verdict and each check's evidence in French
    page.goto(f"{web_url}/audit.html?game={seated.game_id}")
    expect(page.locator("#verdict")).to_contain_text("Toutes les vérifications faites dans ce navigateur sont réussies")
    expect(page.locator('tr[data-check="commitment"] .detail')).to_contain_text(
        "la graine révélée est celle engagée avant toute distribution"
    )
    expect(page.locator('tr[data-check="commitment"] .status')).to_have_text("réussie")
    assert page_errors(page) == []


def test_barbu_and_le_baron_tables_speak_the_players_french(french_page: Page, web_url: str) -> None:
    page = french_page
    seated = seat_person_with_bots(web_url, "barbu", 4, {"contracts": ["queens", "salad"]}, "b4" * 32)
    table = open_table(page, web_url, seated)
    # the person (seat 1) chooses the first contract: the seed's names and their scoring in French
    expect(table.get_by_role("button", name="Choisir le contrat Dames : 25 points par dame remportée")).to_be_visible()
    expect(table.get_by_role("button", name=re.compile(r"^Choisir le contrat Salade : "))).to_be_visible()
    expect(table.locator(".gt-prompt")).to_have_text("Choisissez le contrat de cette manche.")
    expect(table.get_by_role("region", name="Votre main").locator(".bb-suit-group").first).to_have_attribute(
        "aria-label", re.compile(r"^(trèfle|carreau|cœur|pique) : \d+$")
    )
    seated = seat_person_with_bots(web_url, "le-baron", 2, {}, "1b" * 32)
    table = open_table(page, web_url, seated)
    expect(table.get_by_role("region", name="Rangées")).to_be_visible()
    expect(table.locator(".gt-hand [data-move]").first).to_have_attribute(
        "aria-label", re.compile(r"^Jouer \d+.*(bleu|jaune|vert|rouge|noir|blanc|le Baron).*points?$")
    )
    assert page_errors(page) == []


def test_bohnanza_table_and_audit_page_in_french(french_page: Page, web_url: str) -> None:
    page = french_page
    seated = seat_person_with_bots(web_url, "bohnanza", 3, {}, "b0" * 32)
    table = open_table(page, web_url, seated)
    # the person is the active player and plants first: the French edition's beans, the haricomètre, the champs
    expect(table.locator(".gt-prompt")).to_have_text("Plantez la carte de devant de votre main.")
    plant = table.locator(".bn-field [data-move]").first
    expect(plant).to_have_attribute("aria-label", re.compile(r"^Planter la carte de devant \(.+\) dans le champ \d$"))
    beans = "haricot bleu|piment|haricot puant|haricot vert|soja|cornille|haricot rouge|haricot de jardin"
    expect(table.locator(".bn-hand .bn-card").first).to_have_attribute("aria-label", re.compile(rf"^({beans}), "))
    expect(table.get_by_role("region", name=re.compile("^Votre main"))).to_be_visible()
    assert table.get_by_role("region", name=re.compile("^Champs de ")).count() == 3

    page.goto(f"{web_url}/audit.html")
    page.get_by_role("heading", name="Auditer une partie terminée", level=1).wait_for()
    assert page.locator("html").get_attribute("lang") == "fr"
    page.get_by_label(fr("Ou l'identifiant d'une partie : la page va chercher son export sur ce serveur")).fill("nope")
    page.get_by_role("button", name="Chercher et vérifier").click()
    # the API's error code in French, the code kept
    expect(page.locator("#error")).to_have_text(
        fr("L'export de nope n'a pas pu être obtenu : Cette partie n'existe pas (game_not_found)")
    )
    assert page_errors(page) == []


def test_french_on_a_phone_scrolls_no_page_sideways(browser: Browser, web_url: str) -> None:
    """French runs longer than English: the lobby (with its switch in the header) and each table still fit 390 px."""
    for page in _page(browser, PHONE, locale="fr-FR", is_mobile=True, has_touch=True, device_scale_factor=3):
        page.goto(f"{web_url}/")
        page.get_by_role("heading", name="Salon", level=1).wait_for()
        page.get_by_role("form", name="Créer une partie").get_by_label("Paquet").wait_for()
        assert no_sideways_scroll(page) == 0, "the French lobby scrolls sideways"
        for game, players, options in [
            ("six-nimmt", 3, {}),
            ("le-baron", 2, {}),
            ("barbu", 4, {"contracts": ["queens"]}),
            ("daron", 2, {}),
            ("bohnanza", 3, {}),
        ]:
            seated = seat_person_with_bots(web_url, game, players, options, "f0" * 32)
            table = open_table(page, web_url, seated)
            table.locator("[data-move]").first.wait_for()
            assert page.locator("html").get_attribute("lang") == "fr"
            assert no_sideways_scroll(page) == 0, f"the French {game} table scrolls sideways"
        assert page_errors(page) == []
