from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_created_type import GameCreatedType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.game_created_options import GameCreatedOptions





T = TypeVar("T", bound="GameCreated")



@_attrs_define
class GameCreated:
    """ 
        Attributes:
            type_ (GameCreatedType):
            game (str):
            game_id (str):
            players (int):
            options (GameCreatedOptions):
            seed_commitment (str):
            turn_seconds (int | None | Unset):
            dealing (int | Unset):  Default: 1.
            seed_source (str | Unset):  Default: 'server'.
            private (bool | Unset):  Default: False.
            rules (int | Unset):  Default: 1.
            bot_budget (int | None | Unset):
     """

    type_: GameCreatedType
    game: str
    game_id: str
    players: int
    options: GameCreatedOptions
    seed_commitment: str
    turn_seconds: int | None | Unset = UNSET
    dealing: int | Unset = 1
    seed_source: str | Unset = 'server'
    private: bool | Unset = False
    rules: int | Unset = 1
    bot_budget: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.game_created_options import GameCreatedOptions # noqa: PLC0415
        type_ = self.type_.value

        game = self.game

        game_id = self.game_id

        players = self.players

        options = self.options.to_dict()

        seed_commitment = self.seed_commitment

        turn_seconds: int | None | Unset
        if isinstance(self.turn_seconds, Unset):
            turn_seconds = UNSET
        else:
            turn_seconds = self.turn_seconds

        dealing = self.dealing

        seed_source = self.seed_source

        private = self.private

        rules = self.rules

        bot_budget: int | None | Unset
        if isinstance(self.bot_budget, Unset):
            bot_budget = UNSET
        else:
            bot_budget = self.bot_budget


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "game": game,
            "game_id": game_id,
            "players": players,
            "options": options,
            "seed_commitment": seed_commitment,
        })
        if turn_seconds is not UNSET:
            field_dict["turn_seconds"] = turn_seconds
        if dealing is not UNSET:
            field_dict["dealing"] = dealing
        if seed_source is not UNSET:
            field_dict["seed_source"] = seed_source
        if private is not UNSET:
            field_dict["private"] = private
        if rules is not UNSET:
            field_dict["rules"] = rules
        if bot_budget is not UNSET:
            field_dict["bot_budget"] = bot_budget

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_created_options import GameCreatedOptions # noqa: PLC0415
        d = dict(src_dict)
        type_ = GameCreatedType(d.pop("type"))




        game = d.pop("game")

        game_id = d.pop("game_id")

        players = d.pop("players")

        options = GameCreatedOptions.from_dict(d.pop("options"))




        seed_commitment = d.pop("seed_commitment")

        def _parse_turn_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_seconds = _parse_turn_seconds(d.pop("turn_seconds", UNSET))


        dealing = d.pop("dealing", UNSET)

        seed_source = d.pop("seed_source", UNSET)

        private = d.pop("private", UNSET)

        rules = d.pop("rules", UNSET)

        def _parse_bot_budget(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        bot_budget = _parse_bot_budget(d.pop("bot_budget", UNSET))


        game_created = cls(
            type_=type_,
            game=game,
            game_id=game_id,
            players=players,
            options=options,
            seed_commitment=seed_commitment,
            turn_seconds=turn_seconds,
            dealing=dealing,
            seed_source=seed_source,
            private=private,
            rules=rules,
            bot_budget=bot_budget,
        )


        game_created.additional_properties = d
        return game_created

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
