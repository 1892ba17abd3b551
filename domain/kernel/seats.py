"""Who may sit at a table and under which name: the seat and name rules every lobby command checks."""

from __future__ import annotations

import unicodedata
from typing import Any

from domain.kernel.deal_key import entropy_problem, hex64_problem
from domain.kernel.errors import refuse
from domain.kernel.table_state import Table

NAME_MAX = 40

# Seat names, as people read them: NFKC-normalised, each run of whitespace one space, nothing invisible, and unique in
# the game whatever the case. `join` applies `normal_name` to every name it seats (`joining_name`), so that the audit
# re-executing a recorded join applies the rule the game was played by; the services ask `seat_name` before, for a
# bot's default name and `name_taken`.
INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})  # controls, format (U+200B, U+202E...), surrogates,
# private use, line and paragraph separators
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")  # letters that draw nothing: Hangul fillers, braille blank
VISIBLE = ("L", "N", "P", "S")  # a name shows at least one letter, digit, punctuation mark or symbol


def normal_name(raw: object) -> str:
    """The name as shown: NFKC, whitespace runs as one space; refused (`invalid_name`, `details.reason`) when it holds
    a control or invisible character, shows nothing, or is longer than NAME_MAX once normalised."""
    if not isinstance(raw, str):
        raise refuse("invalid_name", "a name is a string", {"reason": "not_a_string"})
    name = unicodedata.normalize("NFKC", raw)
    if any(unicodedata.category(c) in INVISIBLE or c in BLANK_LETTERS for c in name):
        raise refuse("invalid_name", "a name holds no control or invisible character", {"reason": "invisible"})
    name = " ".join(name.split())
    if not any(unicodedata.category(c).startswith(VISIBLE) for c in name):
        raise refuse("invalid_name", "a name shows at least one letter, digit or sign", {"reason": "empty"})
    if len(name) > NAME_MAX:
        raise refuse("invalid_name", f"a name has 1 to {NAME_MAX} characters", {"reason": "too_long"})
    return name


def joining_name(table: Table[Any], name: str) -> str:
    """The name `join` seats. A table dealt by dealing 3 or later applies `normal_name`: every such game was created
    after the services normalised names before recording a join, so its recorded names come out as they went in.
    Dealing 2 recorded joins from before names were checked (`x` + U+200B, two "smart bot"s): their tables keep the
    rule they were played by, the name stripped and 1 to NAME_MAX long, so that the audit re-executes them as played."""
    if table.dealing >= 3:
        return normal_name(name)
    name = name.strip()
    if not 1 <= len(name) <= NAME_MAX:
        raise refuse("invalid_name", f"a name has 1 to {NAME_MAX} characters")
    return name


def name_key(name: str) -> str:
    """What two names must not share in one game: the name without case (NFKC again after case folding)."""
    return unicodedata.normalize("NFKC", name.casefold())


def seat_name(table: Table[Any], raw: str | None, bot: str | None) -> str:
    """The name a joining seat gets on this table: as asked, normalised and free (`name_taken` otherwise), or for a
    bot asked without one the first free of "smart bot", "smart bot 2", ...; `None` for a person is the caller's
    to refuse. A game that cannot take the join refuses as `join` would, before its name is looked at."""
    check_lobby(table)
    if all(s is not None for s in table.seats):
        raise refuse("game_full", "every seat is taken")
    taken = {name_key(s.name): i for i, s in enumerate(table.seats) if s is not None}
    if raw is None:
        if bot is None:
            raise refuse("invalid_name", "a player needs a name", {"reason": "empty"})
        base = name = f"{bot} bot"
        count = 1
        while name_key(name) in taken:
            count += 1
            name = f"{base} {count}"
        return name
    name = normal_name(raw)
    holder = taken.get(name_key(name))
    if holder is not None:
        raise refuse("name_taken", f"seat {holder} has this name already", {"seat": holder})
    return name


def check_lobby(table: Table[Any], started: str = "the game has already started") -> None:
    """Lobby commands are for a game in its lobby: one that started is `already_started`, one whose lobby's time
    ran out `game_expired`."""
    if table.status == "expired":
        raise refuse("game_expired", "nobody started this game in time: its lobby has expired")
    if table.status != "lobby":
        raise refuse("already_started", started)


def seat_entropy(entropy: object, bot: str | None) -> str:
    """A joining seat's entropy as sent (None: it sends none, as a bot), or refused with the reason."""
    if entropy is None:
        return ""
    if bot is not None:
        raise refuse("invalid_entropy", "a bot contributes no entropy", {"reason": "bot"})
    problem = entropy_problem(entropy)
    if problem is not None:
        raise refuse("invalid_entropy", "entropy is 1 to 64 printable ASCII characters", {"reason": problem})
    assert isinstance(entropy, str)  # what entropy_problem checks
    return entropy


def check_commitment(table: Table[Any], committed: str, bot: str | None, entropy: str) -> None:
    """A commitment a seat may make now (dealing 3): a person's, of the right form, before any reveal, once."""
    if table.dealing < 3:
        raise refuse(
            "invalid_commitment", "this game is dealt by an earlier protocol: no commitments", {"reason": "dealing"}
        )
    if bot is not None:
        raise refuse("invalid_commitment", "a bot contributes no entropy", {"reason": "bot"})
    if entropy:
        raise refuse("invalid_commitment", "a seat sends public entropy or a commitment, not both", {"reason": "both"})
    problem = hex64_problem(committed)
    if problem is not None:
        raise refuse("invalid_commitment", "a commitment is 64 lowercase hex digits (a SHA-256)", {"reason": problem})
    if table.reveals_started:
        raise refuse("commitments_closed", "a seat has revealed its entropy: commitments are closed")
    holder = next((i for i, s in enumerate(table.seats) if s is not None and s.commitment == committed), None)
    if holder is not None:
        raise refuse("commitment_reused", f"seat {holder} committed to this already", {"seat": holder})


def check_seats_open(table: Table[Any]) -> None:
    """Once a seat has revealed (dealing 3), the seats are fixed: a new seat's entropy chosen after seeing the
    reveals could steer the deal."""
    if table.reveals_started:
        raise refuse("reveals_started", "a seat has revealed its entropy: the seats are fixed until the start")


def check_human(table: Table[Any], seat: int) -> None:
    """A seat a bot has taken over no longer takes its player's commands."""
    taken = table.seats[seat]
    if taken is None or taken.bot is not None:
        raise refuse("seat_gone", f"seat {seat} is no longer played by a person")
