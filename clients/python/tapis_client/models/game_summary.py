from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_summary_status import GameSummaryStatus
from ..types import UNSET, Unset






T = TypeVar("T", bound="GameSummary")



@_attrs_define
class GameSummary:
    """ 
        Attributes:
            game_id (str):
            game (str):
            status (GameSummaryStatus):
            players (int):
            seats_taken (int):
            version (int):
            seed_source (str | Unset):  Default: 'server'.
            dealing (int | Unset):  Default: 1.
            fairness (str | Unset):  Default: 'pending'.
            imported (bool | Unset):  Default: False.
     """

    game_id: str
    game: str
    status: GameSummaryStatus
    players: int
    seats_taken: int
    version: int
    seed_source: str | Unset = 'server'
    dealing: int | Unset = 1
    fairness: str | Unset = 'pending'
    imported: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        game = self.game

        status = self.status.value

        players = self.players

        seats_taken = self.seats_taken

        version = self.version

        seed_source = self.seed_source

        dealing = self.dealing

        fairness = self.fairness

        imported = self.imported


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "game": game,
            "status": status,
            "players": players,
            "seats_taken": seats_taken,
            "version": version,
        })
        if seed_source is not UNSET:
            field_dict["seed_source"] = seed_source
        if dealing is not UNSET:
            field_dict["dealing"] = dealing
        if fairness is not UNSET:
            field_dict["fairness"] = fairness
        if imported is not UNSET:
            field_dict["imported"] = imported

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        game = d.pop("game")

        status = GameSummaryStatus(d.pop("status"))




        players = d.pop("players")

        seats_taken = d.pop("seats_taken")

        version = d.pop("version")

        seed_source = d.pop("seed_source", UNSET)

        dealing = d.pop("dealing", UNSET)

        fairness = d.pop("fairness", UNSET)

        imported = d.pop("imported", UNSET)

        game_summary = cls(
            game_id=game_id,
            game=game,
            status=status,
            players=players,
            seats_taken=seats_taken,
            version=version,
            seed_source=seed_source,
            dealing=dealing,
            fairness=fairness,
            imported=imported,
        )


        game_summary.additional_properties = d
        return game_summary

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
