"""Every option of every game's create form has words and a help line in both languages of the web client.

The form is drawn from the catalog's JSON Schema (`options_schema`, msgspec's schema of each game's `Options`); the
web client finds an option's label at `opt.<name>`, its help line at `opt.<name>.help` and a choice's words at
`val.<value>` (web/src/schema-form.ts). This test walks each schema as the catalog serves it (every property, the
variants of a tagged union and their tag, every enum value) and reads both catalogues of web/src/i18n/options.ts,
so a new option (or a new game) without help text in French or in English fails here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from api.controllers.catalog import entry
from domain.games.registry import GAMES

OPTIONS_TS = Path(__file__).resolve().parents[2] / "web" / "src" / "i18n" / "options.ts"


def catalogue_keys() -> dict[str, set[str]]:
    """The keys of the English and of the French object of options.ts."""
    text = OPTIONS_TS.read_text(encoding="utf-8")
    english = text.split("export const en = {", 1)[1].split("} as const;", 1)[0]
    french = text.split("export const fr: Translation<typeof en> = {", 1)[1]
    key = re.compile(r'^\s*"([^"]+)":', re.M)
    return {"en": set(key.findall(english)), "fr": set(key.findall(french))}


def walk(node: dict[str, Any], root: dict[str, Any], names: set[str], values: set[str]) -> None:
    """Collects the option names and enum values a form drawn from `node` shows."""
    ref = node.get("$ref")
    if isinstance(ref, str):
        walk(root["$defs"][ref.removeprefix("#/$defs/")], root, names, values)
        return
    for value in node.get("enum", []):
        values.add(str(value))
    discriminator = node.get("discriminator")
    if isinstance(discriminator, dict):
        names.add(discriminator["propertyName"])  # the union's chooser (six-nimmt's end: `kind`)
    for variant in node.get("anyOf", []):
        walk(variant, root, names, values)
    if isinstance(node.get("items"), dict):
        walk(node["items"], root, names, values)
    for name, child in node.get("properties", {}).items():
        names.add(name)
        walk(child, root, names, values)


def options_of(game: str) -> tuple[set[str], set[str]]:
    # the catalog's answer as a client reads it (JSON), not the Python objects
    schema: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(entry(GAMES[game]).options_schema))
    names: set[str] = set()
    values: set[str] = set()
    walk(schema, schema, names, values)
    return names, values


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_option_of_the_catalog_has_a_label_and_help_in_both_languages(game: str) -> None:
    names, values = options_of(game)
    for lang, keys in catalogue_keys().items():
        missing = sorted(
            [f"opt.{name}" for name in names if f"opt.{name}" not in keys]
            + [f"opt.{name}.help" for name in names if f"opt.{name}.help" not in keys]
            + [f"val.{value}" for value in values if f"val.{value}" not in keys]
        )
        assert missing == [], f"{game}, {lang}: no words for {missing}"


def test_the_walk_finds_the_options_it_must() -> None:
    """The walk bites: six-nimmt's nested union and barbu's contract list are seen (a walk that found nothing would
    let every game pass), and a name the catalogue does not hold is missing."""
    six_names, six_values = options_of("six-nimmt")
    assert {"deck", "end", "kind", "points", "rounds", "variant"} <= six_names
    assert {"reduced", "full", "threshold", "rounds", "pro"} <= six_values
    barbu_names, barbu_values = options_of("barbu")
    assert {"contracts", "max_rounds", "early_end"} <= barbu_names
    assert {"king_of_hearts", "salad", "reussite"} <= barbu_values
    assert {"rounds", "variants"} <= options_of("le-baron")[0]
    keys = catalogue_keys()
    assert "opt.deck.help" in keys["en"] and "opt.deck.help" in keys["fr"]
    assert "opt.no_such_option.help" not in keys["fr"]
