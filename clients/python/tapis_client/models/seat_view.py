from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SeatView")



@_attrs_define
class SeatView:
    """ 
        Attributes:
            seat (int):
            name (None | str):
            bot (None | str):
            entropy (str | Unset):  Default: ''.
            commitment (str | Unset):  Default: ''.
     """

    seat: int
    name: None | str
    bot: None | str
    entropy: str | Unset = ''
    commitment: str | Unset = ''
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name: None | str
        name = self.name

        bot: None | str
        bot = self.bot

        entropy = self.entropy

        commitment = self.commitment


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "name": name,
            "bot": bot,
        })
        if entropy is not UNSET:
            field_dict["entropy"] = entropy
        if commitment is not UNSET:
            field_dict["commitment"] = commitment

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        def _parse_bot(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot = _parse_bot(d.pop("bot"))


        entropy = d.pop("entropy", UNSET)

        commitment = d.pop("commitment", UNSET)

        seat_view = cls(
            seat=seat,
            name=name,
            bot=bot,
            entropy=entropy,
            commitment=commitment,
        )


        seat_view.additional_properties = d
        return seat_view

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
