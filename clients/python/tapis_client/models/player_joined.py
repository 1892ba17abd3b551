from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.player_joined_type import PlayerJoinedType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PlayerJoined")



@_attrs_define
class PlayerJoined:
    """ 
        Attributes:
            type_ (PlayerJoinedType):
            seat (int):
            name (str):
            bot (None | str | Unset):
            entropy (str | Unset):  Default: ''.
     """

    type_: PlayerJoinedType
    seat: int
    name: str
    bot: None | str | Unset = UNSET
    entropy: str | Unset = ''
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        name = self.name

        bot: None | str | Unset
        if isinstance(self.bot, Unset):
            bot = UNSET
        else:
            bot = self.bot

        entropy = self.entropy


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "name": name,
        })
        if bot is not UNSET:
            field_dict["bot"] = bot
        if entropy is not UNSET:
            field_dict["entropy"] = entropy

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = PlayerJoinedType(d.pop("type"))




        seat = d.pop("seat")

        name = d.pop("name")

        def _parse_bot(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bot = _parse_bot(d.pop("bot", UNSET))


        entropy = d.pop("entropy", UNSET)

        player_joined = cls(
            type_=type_,
            seat=seat,
            name=name,
            bot=bot,
            entropy=entropy,
        )


        player_joined.additional_properties = d
        return player_joined

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
