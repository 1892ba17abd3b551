"""openapi.yaml: Litestar's spec plus every game's commands and events as named schemas.

The command body is decoded per game (one tagged union each, and the same `type` may mean different
fields in two games), so the spec lists each game's union under `<Game>Command` and the request body
of `sendCommand` as `oneOf` them.
"""

from __future__ import annotations

import typing
from typing import Any

import msgspec
import yaml

from domain.games.registry import GAMES
from domain.kernel.events import SEAT_EVENTS, DeckShuffled, GameCreated, GameEnded, GameStarted, PlayerJoined

LIFECYCLE = (GameCreated, PlayerJoined, GameStarted, DeckShuffled, GameEnded, *SEAT_EVENTS)


def prefix(game: str) -> str:
    return "".join(part.capitalize() for part in game.replace("_", "-").split("-"))


def game_schemas(game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(components, {"command": ref, "event": ref}) for one game, names prefixed by the game."""
    rules = GAMES[game]
    name = prefix(game)
    template = f"#/components/schemas/{name}{{name}}"
    commands = typing.get_args(rules.command_type) or (rules.command_type,)
    (command_refs, event_refs), components = msgspec.json.schema_components(
        [typing.Union[commands], typing.Union[tuple(rules.event_types)]],  # noqa: UP007
        ref_template=template,
    )
    out = {f"{name}{key}": value for key, value in components.items()}
    out[f"{name}Command"] = command_refs
    out[f"{name}Event"] = event_refs
    return out, {"command": f"#/components/schemas/{name}Command", "event": f"#/components/schemas/{name}Event"}


def enrich(spec: dict[str, Any]) -> dict[str, Any]:
    schemas = spec.setdefault("components", {}).setdefault("schemas", {})
    (lifecycle_refs,), lifecycle = msgspec.json.schema_components(
        [typing.Union[LIFECYCLE]],  # noqa: UP007 - a union built from a tuple at run time
        ref_template="#/components/schemas/{name}",
    )
    schemas.update(lifecycle)
    schemas["LifecycleEvent"] = lifecycle_refs
    command_refs = []
    for game in GAMES:
        components, refs = game_schemas(game)
        schemas.update(components)
        command_refs.append({"$ref": refs["command"]})
    operation = spec["paths"]["/v1/games/{game_id}/commands"]["post"]
    operation["requestBody"] = {
        "required": True,
        "description": "One command of the game's union, tagged by `type` (see rules per game).",
        "content": {"application/json": {"schema": {"oneOf": command_refs}}},
    }
    return spec


def spec_yaml(spec: dict[str, Any]) -> str:
    return yaml.safe_dump(enrich(spec), sort_keys=False, allow_unicode=True)
