"""openapi.yaml is generated from the app (`make openapi`); this fails when it drifts."""

from __future__ import annotations

from pathlib import Path

import yaml

from api.app import create_app
from api.openapi import spec_yaml
from domain.games.registry import GAMES
from infra.settings import Settings

SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"


def generated() -> str:
    offline = Settings(test_mode=True, database_url="postgresql://unused", redis_url="redis://unused")
    return spec_yaml(create_app(offline, run_projector=False).openapi_schema.to_schema())


def test_openapi_yaml_is_up_to_date() -> None:
    assert SPEC.read_text() == generated(), "openapi.yaml is stale: run `make openapi`"


def test_every_game_command_is_a_named_schema() -> None:
    spec = yaml.safe_load(SPEC.read_text())
    schemas = spec["components"]["schemas"]
    body = spec["paths"]["/v1/games/{game_id}/commands"]["post"]["requestBody"]["content"]["application/json"]
    refs = {ref["$ref"].rsplit("/", 1)[1] for ref in body["schema"]["oneOf"]}
    for game in GAMES:
        name = "".join(part.capitalize() for part in game.split("-")) + "Command"
        assert name in refs
        assert name in schemas
    six = schemas["SixNimmtCommand"]
    assert six["discriminator"]["propertyName"] == "type"
    assert set(six["discriminator"]["mapping"]) == {"play_card", "choose_row", "draft_card"}
    for command in ("SixNimmtPlayCard", "SixNimmtChooseRow", "SixNimmtDraftCard"):
        assert command in schemas
