from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="JoinSeat")



@_attrs_define
class JoinSeat:
    """ 
        Attributes:
            name (None | str | Unset):
            seat (int | None | Unset):
            bot (None | str | Unset):
            entropy (None | str | Unset): public randomness from the player's device, mixed into the deal key (docs/fair-
                dealing.md)
            join_code (None | str | Unset):
            entropy_commitment (Any | Unset):
     """

    name: None | str | Unset = UNSET
    seat: int | None | Unset = UNSET
    bot: None | str | Unset = UNSET
    entropy: None | str | Unset = UNSET
    join_code: None | str | Unset = UNSET
    entropy_commitment: Any | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        seat: int | None | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        else:
            seat = self.seat

        bot: None | str | Unset
        if isinstance(self.bot, Unset):
            bot = UNSET
        else:
            bot = self.bot

        entropy: None | str | Unset
        if isinstance(self.entropy, Unset):
            entropy = UNSET
        else:
            entropy = self.entropy

        join_code: None | str | Unset
        if isinstance(self.join_code, Unset):
            join_code = UNSET
        else:
            join_code = self.join_code

        entropy_commitment = self.entropy_commitment


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if seat is not UNSET:
            field_dict["seat"] = seat
        if bot is not UNSET:
            field_dict["bot"] = bot
        if entropy is not UNSET:
            field_dict["entropy"] = entropy
        if join_code is not UNSET:
            field_dict["join_code"] = join_code
        if entropy_commitment is not UNSET:
            field_dict["entropy_commitment"] = entropy_commitment

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        def _parse_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))


        def _parse_bot(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bot = _parse_bot(d.pop("bot", UNSET))


        def _parse_entropy(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        entropy = _parse_entropy(d.pop("entropy", UNSET))


        def _parse_join_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        join_code = _parse_join_code(d.pop("join_code", UNSET))


        entropy_commitment = d.pop("entropy_commitment", UNSET)

        join_seat = cls(
            name=name,
            seat=seat,
            bot=bot,
            entropy=entropy,
            join_code=join_code,
            entropy_commitment=entropy_commitment,
        )


        join_seat.additional_properties = d
        return join_seat

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
