"""openapi.yaml: Litestar's spec plus every game's commands and events as named schemas.

The command body is decoded per game (one tagged union each, and the same `type` may mean different
fields in two games), so the spec lists each game's union under `<Game>Command` and the request body
of `sendCommand` as `oneOf` them. For the same reason the legal moves are typed per game: `<Game>LegalMoves`
holds that game's commands, and `LegalMoves` is `oneOf` them, tagged by the answer's `game`.
"""

from __future__ import annotations

import copy
import typing
from typing import Any

import msgspec
import yaml

from api.schemas import WIRE_MAX
from domain.games.registry import GAMES
from domain.kernel.events import TABLE_EVENTS
from services.results import LegalMoves

LIFECYCLE = TABLE_EVENTS


def prefix(game: str) -> str:
    return "".join(part.capitalize() for part in game.replace("_", "-").split("-"))


def legal_moves_type(game: str, command: Any) -> type[msgspec.Struct]:
    """services.results.LegalMoves as one game answers it: `moves` that game's commands, `game` its name alone."""
    fields: list[tuple[str, Any]] = []
    for field in msgspec.structs.fields(LegalMoves):
        kind = {"moves": list[command], "game": typing.Literal[game]}.get(field.name, field.type)
        fields.append((field.name, kind))
    return msgspec.defstruct(LegalMoves.__name__, fields)


def game_schemas(game: str) -> tuple[dict[str, Any], dict[str, str]]:
    """(components, {"command": ref, "event": ref, "view": ref, "legal": ref}) for one game, names prefixed by it."""
    rules = GAMES[game]
    name = prefix(game)
    template = f"#/components/schemas/{name}{{name}}"
    commands = typing.get_args(rules.command_type) or (rules.command_type,)
    command: Any = typing.Union[commands]  # noqa: UP007 - a union built from a tuple at run time
    (command_refs, event_refs, view_ref, legal_ref), components = msgspec.json.schema_components(
        [command, typing.Union[tuple(rules.event_types)], rules.view_type, legal_moves_type(game, command)],  # noqa: UP007
        ref_template=template,
    )
    out = {f"{name}{key}": value for key, value in components.items()}
    for key, value in out.items():
        # msgspec titles a schema by its struct's bare name, the same in several games (`PlayCard`); a client
        # generator names its classes by title, so each title is the component's own, prefixed, name
        if "title" in value:
            value["title"] = key
    out[f"{name}Command"] = command_refs
    out[f"{name}Event"] = event_refs
    refs = {kind: f"#/components/schemas/{name}{kind.capitalize()}" for kind in ("command", "event")}
    # the legal moves name the game's command union (msgspec wrote the same union inline) so that a client's type
    # for a move is the one it sends
    moves = out[f"{name}LegalMoves"]["properties"]["moves"]
    assert moves["items"] == command_refs, moves
    moves["items"] = {"$ref": refs["command"]}
    # the view struct's own component (`SixNimmtView`), with no alias: a client generator resolves a component that
    # is a bare `$ref` to a second class of the same title, and refuses the duplicate
    return out, {**refs, "view": view_ref["$ref"], "legal": legal_ref["$ref"]}


def document_legal_moves(schemas: dict[str, Any], legal_refs: dict[str, str]) -> None:
    """`LegalMoves` (what Litestar wrote from the struct, `moves` as any values) becomes one game's, by `game`."""
    schemas["LegalMoves"] = {
        "oneOf": [{"$ref": ref} for ref in legal_refs.values()],
        "discriminator": {"propertyName": "game", "mapping": dict(legal_refs)},
        "description": "the seat's legal moves: commands of the game named by `game`, each as it would be sent",
    }


def document_states(schemas: dict[str, Any], view_refs: list[dict[str, str]]) -> None:
    """The game view's `state` (and the audit's `final_state`) is one game's own view, or null in the lobby."""
    state = {"oneOf": [*view_refs, {"type": "null"}], "description": "the game's own view (rules per game)"}
    for schema, field in (("GameView", "state"), ("AuditReport", "final_state")):
        if schema in schemas:
            schemas[schema]["properties"][field] = copy.deepcopy(state)


# Every error leaves as the envelope of api/errors.py; each operation may meet any of these (docs/errors.md).
ERRORS = {
    "400": "Malformed body, header or query (`invalid_*`)",
    "401": "Missing or unknown token or API key",
    "403": "The token may not do this",
    "404": "No such game",
    "409": "A lobby conflict or a game that kept moving",
    "412": "`If-Match` names a version the game has moved past",
    "413": "The body is over `TAPIS_MAX_BODY_BYTES`",
    "415": "The body is not `application/json`",
    "422": "Refused by the rules",
    "429": "Too many failed authentications or commands from this client; see `Retry-After`",
    "503": "Postgres is unreachable; see `Retry-After`",
}
ERROR_SCHEMA = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message", "details"],
            "properties": {"code": {"type": "string"}, "message": {"type": "string"}, "details": {}},
        }
    },
}
RETRY_AFTER = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "string"}}}


def document_errors(spec: dict[str, Any]) -> None:
    """Replace Litestar's default 400 (a shape we never send) with our error envelope, for every status we send."""
    spec["components"]["schemas"]["Error"] = ERROR_SCHEMA
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for path, operations in spec["paths"].items():
        for operation in operations.values():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            responses = operation["responses"]
            for status, description in ERRORS.items():
                if path == "/v1/health" and status == "503":
                    shown = {**responses["200"], "description": "Postgres is down", "headers": RETRY_AFTER}
                else:
                    shown = {"description": description, "content": error}
                    if status in {"429", "503"}:
                        shown["headers"] = RETRY_AFTER
                # deep copies: YAML would write shared objects as anchors and aliases
                responses[status] = copy.deepcopy(shown)
    spec["paths"]["/v1/games/{game_id}"]["get"]["responses"]["304"] = {
        "description": "Not modified: `If-None-Match` names the current version",
        "headers": {"ETag": {"description": "the version, quoted", "schema": {"type": "string"}}},
    }


VERSION_HEADER = {"type": "string", "pattern": '^\\s*(W/)?"?[0-9]{1,10}"?\\s*$'}  # 0..2^31-1 (api/dependencies.py)
# What the handlers check by hand, said in the spec so that a client (or a fuzzer) knows a valid request.
CONSTRAINTS: dict[tuple[str, str], dict[str, Any]] = {
    ("status", "query"): {"type": "string", "enum": ["lobby", "active", "finished", "expired"]},
    ("If-Match", "header"): VERSION_HEADER,
    ("Last-Event-ID", "header"): {"type": "string", "pattern": "^\\s*[0-9]{0,10}\\s*$"},
    ("If-None-Match", "header"): {"type": "string"},
    ("Idempotency-Key", "header"): {"type": "string", "pattern": "^[\\x21-\\x7e]{1,200}$"},
}


def whole_bounds(node: Any) -> None:
    """Litestar writes an integer parameter's bounds as floats (`maximum: 2147483647.0`): as integers here."""
    if isinstance(node, dict):
        if node.get("type") == "integer":
            for key in ("minimum", "maximum"):
                if isinstance(node.get(key), float) and node[key].is_integer():
                    node[key] = int(node[key])
        for value in node.values():
            whole_bounds(value)
    elif isinstance(node, list):
        for value in node:
            whole_bounds(value)


def constrain(spec: dict[str, Any]) -> None:
    for operations in spec["paths"].values():
        for operation in operations.values():
            for parameter in operation.get("parameters", []) if isinstance(operation, dict) else []:
                schema = CONSTRAINTS.get((parameter["name"], parameter["in"]))
                if schema is not None:
                    parameter["schema"] = dict(schema)
    whole_bounds(spec)
    game = spec["paths"]["/v1/catalog/{game}"]["get"]["parameters"][0]
    game["schema"] = {"type": "string", "enum": sorted(GAMES)}
    # Litestar writes an optional bounded integer's bounds beside its `oneOf`, and leaves out a bound of 0
    for body, field in (("CreateGame", "turn_seconds"), ("JoinSeat", "seat")):
        optional = spec["components"]["schemas"][body]["properties"][field]
        optional.clear()
        optional["oneOf"] = [{"type": "integer", "minimum": 0, "maximum": WIRE_MAX}, {"type": "null"}]
    seed = spec["components"]["schemas"]["CreateGame"]["properties"]["seed"]
    seed["oneOf"] = [{"type": "string", "pattern": "^[0-9a-fA-F]{64}$"}, {"type": "null"}]
    entropy = spec["components"]["schemas"]["JoinSeat"]["properties"]["entropy"]
    entropy.clear()
    entropy.update(
        description="public randomness from the player's device, mixed into the deal key (docs/fair-dealing.md)",
        oneOf=[{"type": "string", "pattern": "^[\\x20-\\x7e]{1,64}$"}, {"type": "null"}],
    )


def enrich(spec: dict[str, Any]) -> dict[str, Any]:
    schemas = spec.setdefault("components", {}).setdefault("schemas", {})
    (lifecycle_refs,), lifecycle = msgspec.json.schema_components(
        [typing.Union[LIFECYCLE]],  # noqa: UP007 - a union built from a tuple at run time
        ref_template="#/components/schemas/{name}",
    )
    schemas.update(lifecycle)
    schemas["LifecycleEvent"] = lifecycle_refs
    command_refs = []
    view_refs = []
    legal_refs = {}
    for game in GAMES:
        components, refs = game_schemas(game)
        schemas.update(components)
        command_refs.append({"$ref": refs["command"]})
        view_refs.append({"$ref": refs["view"]})
        legal_refs[game] = refs["legal"]
    document_states(schemas, view_refs)
    document_legal_moves(schemas, legal_refs)
    operation = spec["paths"]["/v1/games/{game_id}/commands"]["post"]
    operation["requestBody"] = {
        "required": True,
        "description": "One command of the game's union, tagged by `type` (see rules per game).",
        "content": {"application/json": {"schema": {"oneOf": command_refs}}},
    }
    document_errors(spec)
    constrain(spec)
    link_operations(spec)
    open_tuples(spec)
    return spec


def open_tuples(node: Any) -> None:
    """A tuple as an array whose `items` every member matches, instead of msgspec's `items: false`.

    msgspec writes `tuple[int, int]` the JSON Schema 2020-12 way: `prefixItems` per position and `items: false` for
    "nothing after them". That is valid OpenAPI 3.1, but client generators (openapi-python-client among them) read
    `items` as a schema object and refuse a boolean. `minItems`/`maxItems` already say the length, so `items` set to
    the union of the positions' schemas still says what any element may be, and `prefixItems` stays for the
    positions: the same arrays are valid before and after.
    """
    if isinstance(node, dict):
        positions = node.get("prefixItems")
        if node.get("items") is False and isinstance(positions, list) and positions:
            distinct = [schema for i, schema in enumerate(positions) if schema not in positions[:i]]
            node["items"] = copy.deepcopy(distinct[0]) if len(distinct) == 1 else {"anyOf": copy.deepcopy(distinct)}
            node.setdefault("maxItems", len(positions))  # what `items: false` said
        for value in node.values():
            open_tuples(value)
    elif isinstance(node, list):
        for value in node:
            open_tuples(value)


GAME_ID = {"game_id": "$response.body#/game_id"}
# What a client does with each answer: the links of the game's life, which a stateful fuzzer follows too
# (create -> join -> start -> command; tests/e2e/test_fuzz.py, schemathesis' stateful phase).
LINKS: dict[tuple[str, str, str], dict[str, dict[str, Any]]] = {
    ("/v1/games", "post", "201"): {
        "JoinGame": {"operationId": "joinGame", "parameters": GAME_ID},
        "StartGame": {
            "operationId": "startGame",
            "parameters": {**GAME_ID, "header.Authorization": "Bearer {$response.body#/admin_token}"},
        },
        "GetGame": {"operationId": "getGame", "parameters": GAME_ID},
        "GetEvents": {"operationId": "getEvents", "parameters": GAME_ID},
    },
    ("/v1/games/{game_id}/seats", "post", "201"): {
        "SendCommand": {
            "operationId": "sendCommand",
            "parameters": {
                "game_id": "$request.path.game_id",
                "header.Authorization": "Bearer {$response.body#/player_token}",
            },
        },
        "GetLegalMoves": {
            "operationId": "getLegalMoves",
            "parameters": {
                "game_id": "$request.path.game_id",
                "header.Authorization": "Bearer {$response.body#/player_token}",
            },
        },
        "LeaveGame": {
            "operationId": "leaveGame",
            "parameters": {
                "game_id": "$request.path.game_id",
                "header.Authorization": "Bearer {$response.body#/player_token}",
            },
        },
    },
    ("/v1/games/{game_id}/start", "post", "200"): {
        "GetGameStarted": {"operationId": "getGame", "parameters": {"game_id": "$request.path.game_id"}},
        "AuditGame": {"operationId": "auditGame", "parameters": {"game_id": "$request.path.game_id"}},
    },
}


def link_operations(spec: dict[str, Any]) -> None:
    for (path, method, status), links in LINKS.items():
        response = spec["paths"][path][method]["responses"][status]
        response["links"] = links


def spec_yaml(spec: dict[str, Any]) -> str:
    return yaml.safe_dump(enrich(spec), sort_keys=False, allow_unicode=True)
