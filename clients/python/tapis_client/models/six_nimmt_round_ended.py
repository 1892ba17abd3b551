from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.six_nimmt_round_ended_type import SixNimmtRoundEndedType
from typing import cast






T = TypeVar("T", bound="SixNimmtRoundEnded")



@_attrs_define
class SixNimmtRoundEnded:
    """ 
        Attributes:
            type_ (SixNimmtRoundEndedType):
            round_ (int):
            heads (list[int]):
            totals (list[int]):
            last (bool):
     """

    type_: SixNimmtRoundEndedType
    round_: int
    heads: list[int]
    totals: list[int]
    last: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        round_ = self.round_

        heads = self.heads



        totals = self.totals



        last = self.last


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "round": round_,
            "heads": heads,
            "totals": totals,
            "last": last,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = SixNimmtRoundEndedType(d.pop("type"))




        round_ = d.pop("round")

        heads = cast(list[int], d.pop("heads"))


        totals = cast(list[int], d.pop("totals"))


        last = d.pop("last")

        six_nimmt_round_ended = cls(
            type_=type_,
            round_=round_,
            heads=heads,
            totals=totals,
            last=last,
        )


        six_nimmt_round_ended.additional_properties = d
        return six_nimmt_round_ended

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
