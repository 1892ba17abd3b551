"""docs/ and the README stand alone: every file they point at is in the repository, and no link leaves it.

An integrator reads a clone (or the docs of an installed release): a path that names a file outside the repository
(the project's working notes, `../shared/...`) or a link to another site is a dead end for them. What is checked:
- markdown links `[text](target)` and `<...>` autolinks: a relative target resolves, from the linking file's
  directory, to a file or directory of the repository (its `#anchor`, when it names one, to a heading of the file);
- every mention of a path, in backticks or in the text: `docs/errors.md`, `api/openapi.py`, `tests/e2e/` resolve from
  the repository's root (the docs' convention), a `.md` file named anywhere too;
- every `http(s)://` URL, in the text or in an example: only to this machine (`127.0.0.1`, `localhost`), to a host
  reserved for examples (`*.example`, RFC 2606) or a placeholder host without a dot (`collector:4318`), or to a
  standard cited as such (`STANDARDS`).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
# the directories and files of the repository a doc may name by their path from the root
TOP = {"api", "bench", "clients", "docs", "domain", "infra", "services", "tests", "tools", "verifier", "web"}
TOP_FILES = {"README.md", "Makefile", "pyproject.toml", "openapi.yaml", "schemathesis.toml", "bootstrap.py"}
# standards a doc may cite by address (none is needed to use Tapis)
STANDARDS = {
    "www.rfc-editor.org",
    "datatracker.ietf.org",
    "spec.openapis.org",
    "json-schema.org",
    "www.w3.org",
    "www.standardwebhooks.com",  # the webhook signature scheme Tapis follows (docs/live-play.md)
}

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
AUTOLINK = re.compile(r"<((?:https?://|\./|\.\./)[^>\s]+)>")
URL = re.compile(r"https?://[^\s)>`'\"\]]+")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
MD_MENTION = re.compile(r"(?<![\w./-])((?:\.\./|\./)?[\w.-]+(?:/[\w.-]+)*\.md)(?![\w/])")
FENCE = re.compile(r"^```.*?^```$", re.MULTILINE | re.DOTALL)


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped (letters, digits, `-` and `_` kept), spaces
    to hyphens."""
    text = heading.strip().lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text())
    return {slug(re.sub(r"[`*]", "", m.group(1))) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*$", text, re.MULTILINE)}


def inside(path: Path) -> bool:
    resolved = path.resolve()
    return resolved == ROOT or ROOT in resolved.parents


def path_mentions(text: str) -> set[str]:
    """Paths a doc names: code spans that start at a top-level directory or file of the repository, and `.md` files
    named anywhere (a placeholder such as `docs/games/<game>.md` or a glob is not a path)."""
    found: set[str] = set()
    for span in CODE_SPAN.findall(text):
        for token in re.split(r"[\s,;()]+", span):
            word = token.rstrip(".:")
            first = word.split("/", 1)[0]
            if ("/" in word and first in TOP) or word in TOP_FILES or first == "..":
                found.add(word)
    found.update(MD_MENTION.findall(text))
    return {word for word in found if not re.search(r"[<>*{}$]", word) and "://" not in word}


def allowed_url(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    return host in {"127.0.0.1", "localhost"} or host.endswith(".example") or "." not in host or host in STANDARDS


@pytest.mark.parametrize("doc", DOCS, ids=relative)
def test_every_link_resolves_in_the_repository(doc: Path) -> None:
    text = doc.read_text()
    broken = []
    for target in [*LINK.findall(text), *AUTOLINK.findall(text)]:
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # a scheme: checked by the URL test below
            continue
        path, _, anchor = target.partition("#")
        resolved = (doc.parent / path) if path else doc
        if not inside(resolved) or not resolved.exists():
            broken.append(f"{target}: no such file in the repository")
        elif anchor and resolved.is_file() and anchor not in anchors(resolved):
            broken.append(f"{target}: no heading #{anchor} in {relative(resolved)}")
    assert not broken, broken


@pytest.mark.parametrize("doc", DOCS, ids=relative)
def test_every_path_named_is_in_the_repository(doc: Path) -> None:
    text = doc.read_text()
    assert "../shared" not in text and "shared/rules" not in text and "shared/seeds" not in text
    missing = []
    for word in sorted(path_mentions(text)):
        # a pytest node id names its file (`x.py::test_y`), a dotted name its module (`domain/kernel/x.name`)
        file = word.split("::", 1)[0]
        module = re.sub(r"\.\w+$", ".py", file)
        candidates = [base / name for base in (ROOT, doc.parent) for name in (file, module)]
        if not any(inside(path) and path.exists() for path in candidates):
            missing.append(word)
    assert not missing, f"{relative(doc)} names what the repository does not hold: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=relative)
def test_no_link_leaves_the_repository(doc: Path) -> None:
    outside = [url for url in URL.findall(doc.read_text()) if not allowed_url(url)]
    assert not outside, f"{relative(doc)} links outside the repository: {outside}"


def test_the_checks_catch_what_they_are_for() -> None:
    """The matchers themselves: a broken path, an outside link, an anchor."""
    assert path_mentions("see `docs/nope.md` and rules/dealing.md, `api/openapi.py` `LINKS`") == {
        "docs/nope.md",
        "rules/dealing.md",
        "api/openapi.py",
    }
    assert path_mentions("`docs/games/<game>.md`, `tests/unit/*.py`") == set()
    assert not allowed_url("https://github.com/x/y")
    assert allowed_url("http://127.0.0.1:8000/schema") and allowed_url("https://portal.example/hook")
    assert slug("Dealing version 2 (`rules`)") == "dealing-version-2-rules"
    assert LINK.findall("[a](fair-dealing.md#the-shuffle) ![b](x.png)") == ["fair-dealing.md#the-shuffle", "x.png"]


def test_le_barons_card_sheet_in_the_docs_is_the_codes() -> None:
    """docs/games/le-baron.md prints the colour sheet the printed rules leave out: it must be the one the game uses."""
    from domain.games.le_baron.cards import SHEET

    text = (ROOT / "docs" / "games" / "le-baron.md").read_text()
    sheet = text.split("### The card sheet", 1)[1].split("\n## ", 1)[0]
    printed = {
        int(n): symbols.strip().replace(" \u00d72", " x2") for n, symbols in re.findall(r"\|\s*(\d+): ([^|]+)", sheet)
    }
    assert printed == SHEET
