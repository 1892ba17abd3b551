from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_game_options_type_0 import CreateGameOptionsType0





T = TypeVar("T", bound="CreateGame")



@_attrs_define
class CreateGame:
    """ 
        Attributes:
            game (str):
            players (int):
            options (CreateGameOptionsType0 | None | Unset):
            seed (None | str | Unset):
            turn_seconds (int | None | Unset):
            private (bool | Unset):  Default: False.
     """

    game: str
    players: int
    options: CreateGameOptionsType0 | None | Unset = UNSET
    seed: None | str | Unset = UNSET
    turn_seconds: int | None | Unset = UNSET
    private: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_game_options_type_0 import CreateGameOptionsType0 # noqa: PLC0415
        game = self.game

        players = self.players

        options: dict[str, Any] | None | Unset
        if isinstance(self.options, Unset):
            options = UNSET
        elif isinstance(self.options, CreateGameOptionsType0):
            options = self.options.to_dict()
        else:
            options = self.options

        seed: None | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        turn_seconds: int | None | Unset
        if isinstance(self.turn_seconds, Unset):
            turn_seconds = UNSET
        else:
            turn_seconds = self.turn_seconds

        private = self.private


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game": game,
            "players": players,
        })
        if options is not UNSET:
            field_dict["options"] = options
        if seed is not UNSET:
            field_dict["seed"] = seed
        if turn_seconds is not UNSET:
            field_dict["turn_seconds"] = turn_seconds
        if private is not UNSET:
            field_dict["private"] = private

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_game_options_type_0 import CreateGameOptionsType0 # noqa: PLC0415
        d = dict(src_dict)
        game = d.pop("game")

        players = d.pop("players")

        def _parse_options(data: object) -> CreateGameOptionsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                options_type_0 = CreateGameOptionsType0.from_dict(data)



                return options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateGameOptionsType0 | None | Unset, data)

        options = _parse_options(d.pop("options", UNSET))


        def _parse_seed(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))


        def _parse_turn_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_seconds = _parse_turn_seconds(d.pop("turn_seconds", UNSET))


        private = d.pop("private", UNSET)

        create_game = cls(
            game=game,
            players=players,
            options=options,
            seed=seed,
            turn_seconds=turn_seconds,
            private=private,
        )


        create_game.additional_properties = d
        return create_game

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
