from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.le_baron_round_ended_type import LeBaronRoundEndedType
from typing import cast






T = TypeVar("T", bound="LeBaronRoundEnded")



@_attrs_define
class LeBaronRoundEnded:
    """ 
        Attributes:
            type_ (LeBaronRoundEndedType):
            round_ (int):
            taken (list[int]):
            left (list[int]):
            totals (list[int]):
            last (bool):
     """

    type_: LeBaronRoundEndedType
    round_: int
    taken: list[int]
    left: list[int]
    totals: list[int]
    last: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        round_ = self.round_

        taken = self.taken



        left = self.left



        totals = self.totals



        last = self.last


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "round": round_,
            "taken": taken,
            "left": left,
            "totals": totals,
            "last": last,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = LeBaronRoundEndedType(d.pop("type"))




        round_ = d.pop("round")

        taken = cast(list[int], d.pop("taken"))


        left = cast(list[int], d.pop("left"))


        totals = cast(list[int], d.pop("totals"))


        last = d.pop("last")

        le_baron_round_ended = cls(
            type_=type_,
            round_=round_,
            taken=taken,
            left=left,
            totals=totals,
            last=last,
        )


        le_baron_round_ended.additional_properties = d
        return le_baron_round_ended

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
