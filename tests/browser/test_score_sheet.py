"""The score sheet (web/src/table/sheet.ts): a game of each kind played by bots to its end, watched from its table.
The end shows the sheet, and the tools bar's Score sheet opens it in a dialog: a row per round (per harvest in
bohnanza) with each player's points, the totals equal to the server's view scores, and each round's points what the
round's own event says; barbu's grid says which contracts each player chose and in which round, daron's rows the
hands left as the round ended (they reach clients only in that event)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from tests import local_http
from tests.browser.conftest import keep
from tests.browser.table_play import api_view
from tests.e2e.client import Tapis, bearer

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.browser

# the shortest games with more than one round: (players, options)
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "six-nimmt": (3, {"end": {"kind": "rounds", "rounds": 2}}),
    "le-baron": (2, {"rounds": 2}),
    "barbu": (3, {"contracts": ["queens", "tricks"]}),
    "daron": (2, {}),
    "bohnanza": (3, {}),
}


def finished_by_bots(base: str, game: str) -> tuple[str, list[dict[str, Any]]]:
    """A game whose every seat is a bot, played to its end on the server; its id and its events."""
    players, options = GAMES[game]
    with local_http.client(base_url=base, timeout=30) as http:
        api = Tapis(http)
        created = api.create(game, players, options, seed=f"{sum(map(ord, game)) % 256:02x}" * 32)
        game_id, admin = created["game_id"], created["admin_token"]
        for _ in range(players):
            seated = http.post(f"/v1/games/{game_id}/seats", json={"bot": "random"}, headers=bearer(admin))
            assert seated.status_code == 201, seated.text
        api.start(game_id, admin)
        deadline = time.monotonic() + 120
        while api.view(game_id)["status"] != "finished":
            assert time.monotonic() < deadline, f"{game}: the bots did not finish"
            time.sleep(0.2)
        events: list[dict[str, Any]] = []
        while True:
            after = events[-1]["version"] if events else 0
            page = http.get(f"/v1/games/{game_id}/events", params={"after": after, "limit": 1000}).json()
            events += page["events"]
            if len(page["events"]) < 1000:
                return game_id, events


def points_of(row: Locator, seats: int) -> list[int | None]:
    found: list[int | None] = []
    for seat in range(seats):
        value = row.locator(f'td[data-seat="{seat}"]').get_attribute("data-points")
        found.append(None if value is None else int(value))
    return found


def expected_rows(game: str, events: list[dict[str, Any]], seats: int) -> list[list[int | None]]:
    """Each round's points per seat, from the round's own event."""
    rows: list[list[int | None]] = []
    before = [0] * seats
    for event in events:
        data = event["data"]
        if game == "six-nimmt" and event["type"] == "RoundEnded":
            rows.append(list(data["heads"]))
        elif game == "le-baron" and event["type"] == "RoundEnded":
            rows.append([total - old for total, old in zip(data["totals"], before, strict=True)])
            before = list(data["totals"])
        elif game == "barbu" and event["type"] == "RoundScored":
            rows.append(list(data["points"]))
        elif game == "daron" and event["type"] == "RoundWon":
            rows.append([data["points"] if seat == data["seat"] else 0 for seat in range(seats)])
        elif game == "daron" and event["type"] == "RoundBlocked":
            rows.append([0] * seats)
        elif game == "bohnanza" and event["type"] in ("FieldHarvested", "FieldBought"):
            coins = data["coins"] if event["type"] == "FieldHarvested" else -len(data["paid"])
            rows.append([coins if seat == data["seat"] else None for seat in range(seats)])
    return rows


def check_sheet(sheet: Locator, game: str, events: list[dict[str, Any]], view: dict[str, Any]) -> None:
    seats = len(view["scores"])
    table = sheet.locator(f'table[data-sheet="{game}"]')
    expect(table).to_be_visible()
    rows = expected_rows(game, events, seats)
    assert rows, f"{game}: no round ended"
    shown = table.locator("tbody tr[data-round]")
    expect(shown).to_have_count(len(rows))
    for index, points in enumerate(rows):
        assert points_of(shown.nth(index), seats) == points, f"{game}: row {index + 1}"
    # the totals are the server's scores
    assert points_of(table.locator("tfoot tr[data-total]"), seats) == view["scores"]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_score_sheet_has_each_round_and_the_servers_scores(page: Page, web_url: str, game: str) -> None:
    game_id, events = finished_by_bots(web_url, game)
    view = api_view(web_url, game_id)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{web_url}/?game={game_id}")
    # at the end, under the final scores
    end = page.locator("section[aria-labelledby=end-title]")
    check_sheet(end, game, events, view)
    # and from the tools bar, in a dialog that Esc closes
    opener = page.get_by_role("toolbar").get_by_role("button", name="Score sheet")
    opener.click()
    dialog = page.locator("dialog.sheet")
    check_sheet(dialog, game, events, view)
    if game == "barbu":
        # 3 players, 2 contracts: each player chose each contract once, in the round the sheet's rows say
        grid = dialog.locator("table.sheet-grid")
        expect(grid.locator("td[data-played]")).to_have_count(6)
        chosen = {
            (event["data"]["seat"], event["data"]["contract"], event["data"]["round"])
            for event in events
            if event["type"] == "ContractChosen"
        }
        for seat, contract, round_ in chosen:
            cell = grid.locator(f'tr[data-dealer="{seat}"] td[data-contract="{contract}"]')
            assert cell.get_attribute("data-played") == str(round_)
    if game == "daron":
        # every hand as the round ended, the winner's empty: the hands the view never shows
        ends = [event for event in events if event["type"] in ("RoundWon", "RoundBlocked")]
        first = dialog.locator("tbody tr[data-round]").first
        for seat, hand in enumerate(ends[0]["data"]["hands"]):
            note = first.locator(f'td[data-seat="{seat}"] .sheet-hands')
            expect(note).to_be_visible()
            if not hand:
                expect(note).to_have_text("out")
            else:
                expect(note).to_contain_text(f"{ends[0]['data']['hand_points'][seat]} point")
    keep(page, f"score-sheet-{game}")
    page.keyboard.press("Escape")
    expect(page.locator("dialog.sheet")).to_have_count(0)
    expect(opener).to_be_focused()
    assert errors == []
