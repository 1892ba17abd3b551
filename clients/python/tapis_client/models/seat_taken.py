from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SeatTaken")



@_attrs_define
class SeatTaken:
    """ 
        Attributes:
            seat (int):
            version (int):
            player_token (None | str | Unset):
            bot (None | str | Unset):
     """

    seat: int
    version: int
    player_token: None | str | Unset = UNSET
    bot: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        version = self.version

        player_token: None | str | Unset
        if isinstance(self.player_token, Unset):
            player_token = UNSET
        else:
            player_token = self.player_token

        bot: None | str | Unset
        if isinstance(self.bot, Unset):
            bot = UNSET
        else:
            bot = self.bot


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "version": version,
        })
        if player_token is not UNSET:
            field_dict["player_token"] = player_token
        if bot is not UNSET:
            field_dict["bot"] = bot

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        version = d.pop("version")

        def _parse_player_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        player_token = _parse_player_token(d.pop("player_token", UNSET))


        def _parse_bot(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bot = _parse_bot(d.pop("bot", UNSET))


        seat_taken = cls(
            seat=seat,
            version=version,
            player_token=player_token,
            bot=bot,
        )


        seat_taken.additional_properties = d
        return seat_taken

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
