"""The catalogue: which games exist, their player ranges, options with defaults, and card data."""

from __future__ import annotations

import typing

import msgspec
from litestar import Controller, get
from litestar.params import FromPath

from api.schemas import Catalog, CatalogDetail, CatalogEntry
from domain.games.registry import GAMES
from domain.kernel.bots import LEVELS
from domain.kernel.errors import RuleViolation
from domain.kernel.game import AnyGame


def entry(rules: AnyGame) -> CatalogEntry:
    return CatalogEntry(
        game=rules.name,
        title=rules.title,
        min_players=rules.min_players,
        max_players=rules.max_players,
        options=msgspec.to_builtins(rules.options_type()),
        options_schema=msgspec.json.schema(rules.options_type),
        commands=[t.__struct_config__.tag for t in typing.get_args(rules.command_type)],
        bots=list(LEVELS),
    )


class CatalogController(Controller):
    path = "/v1/catalog"
    tags = ["catalog"]

    @get("/", operation_id="getCatalog", summary="The games this server offers")
    async def catalog(self) -> Catalog:
        return Catalog(games=[entry(r) for r in GAMES.values()])

    @get("/{game:str}", operation_id="getGameCatalog", summary="One game: options, commands and card data")
    async def game(self, game: FromPath[str]) -> CatalogDetail:
        rules = GAMES.get(game)
        if rules is None:
            raise RuleViolation("unknown_game", f"no game named {game!r}", {"games": sorted(GAMES)})
        return CatalogDetail(**msgspec.structs.asdict(entry(rules)), data=rules.catalog())
