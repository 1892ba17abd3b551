"""openapi.yaml is generated from the app (`make openapi`); this fails when it drifts."""

from __future__ import annotations

from pathlib import Path

import msgspec
import yaml

from api.app import create_app
from api.openapi import spec_yaml
from domain.games.registry import GAMES
from infra.settings import Settings
from services.results import LegalMoves

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


def walk(node: object) -> list[dict[str, object]]:
    """Every schema-like mapping of the document, depth first."""
    found: list[dict[str, object]] = []
    if isinstance(node, dict):
        found.append(node)
        for value in node.values():
            found.extend(walk(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(walk(value))
    return found


def test_tuples_say_their_items_as_a_schema() -> None:
    """Client generators read `items` as a schema object; msgspec's `items: false` for a tuple made them refuse the
    whole spec. A tuple keeps its positions (`prefixItems`) and its length, with `items` the union of its positions."""
    spec = yaml.safe_load(SPEC.read_text())
    tuples = [node for node in walk(spec) if "prefixItems" in node]
    assert tuples, "the spec has tuples (CardsRevealed.cards)"
    for node in tuples:
        positions = node["prefixItems"]
        assert isinstance(positions, list)
        assert isinstance(node["items"], dict)
        assert node["minItems"] == node["maxItems"] == len(positions)
        assert all(position == node["items"] or position in node["items"].get("anyOf", []) for position in positions)
    assert not [node for node in walk(spec) if isinstance(node.get("items"), bool)]


def test_every_component_title_is_unique() -> None:
    """A generator names a class by its schema's title: two games' `PlayCard` would be one class, refused."""
    schemas = yaml.safe_load(SPEC.read_text())["components"]["schemas"]
    titles = [schema["title"] for schema in schemas.values() if "title" in schema]
    assert len(titles) == len(set(titles))
    assert schemas["SixNimmtPlayCard"]["title"] == "SixNimmtPlayCard"


def test_open_tuples_keeps_what_is_valid() -> None:
    from api.openapi import open_tuples

    pair = {"type": "array", "minItems": 2, "maxItems": 2, "prefixItems": [{"type": "integer"}] * 2, "items": False}
    mixed = {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}], "items": False}
    open_tuples({"a": pair, "b": [mixed]})
    assert pair["items"] == {"type": "integer"}
    assert mixed["items"] == {"anyOf": [{"type": "integer"}, {"type": "string"}]}
    assert mixed["maxItems"] == 2


def test_legal_moves_are_typed_per_game() -> None:
    """`LegalMoves` is one game's answer, chosen by its `game`, whose `moves` are that game's command union: a client
    reads a move as the command it sends (two games' `play_card` differ, so one flat union could not tell them)."""
    schemas = yaml.safe_load(SPEC.read_text())["components"]["schemas"]
    union = schemas["LegalMoves"]
    assert union["discriminator"]["propertyName"] == "game"
    assert set(union["discriminator"]["mapping"]) == set(GAMES)
    assert [ref["$ref"] for ref in union["oneOf"]] == list(union["discriminator"]["mapping"].values())
    for game, ref in union["discriminator"]["mapping"].items():
        name = ref.rsplit("/", 1)[1]
        prefix = "".join(part.capitalize() for part in game.split("-"))
        assert name == f"{prefix}LegalMoves"
        one = schemas[name]
        assert list(one["properties"]) == [field.name for field in msgspec.structs.fields(LegalMoves)]
        assert one["properties"]["game"] == {"enum": [game]}
        assert one["properties"]["moves"]["items"] == {"$ref": f"#/components/schemas/{prefix}Command"}
        assert set(one["required"]) == set(one["properties"])
