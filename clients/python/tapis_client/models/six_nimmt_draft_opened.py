from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.six_nimmt_draft_opened_type import SixNimmtDraftOpenedType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SixNimmtDraftOpened")



@_attrs_define
class SixNimmtDraftOpened:
    """ 
        Attributes:
            type_ (SixNimmtDraftOpenedType):
            round_ (int):
            pool (list[int]):
            first (int | Unset):  Default: 0.
     """

    type_: SixNimmtDraftOpenedType
    round_: int
    pool: list[int]
    first: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        round_ = self.round_

        pool = self.pool



        first = self.first


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "round": round_,
            "pool": pool,
        })
        if first is not UNSET:
            field_dict["first"] = first

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = SixNimmtDraftOpenedType(d.pop("type"))




        round_ = d.pop("round")

        pool = cast(list[int], d.pop("pool"))


        first = d.pop("first", UNSET)

        six_nimmt_draft_opened = cls(
            type_=type_,
            round_=round_,
            pool=pool,
            first=first,
        )


        six_nimmt_draft_opened.additional_properties = d
        return six_nimmt_draft_opened

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
