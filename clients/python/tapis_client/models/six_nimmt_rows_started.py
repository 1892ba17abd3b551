from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.six_nimmt_rows_started_type import SixNimmtRowsStartedType
from typing import cast






T = TypeVar("T", bound="SixNimmtRowsStarted")



@_attrs_define
class SixNimmtRowsStarted:
    """ 
        Attributes:
            type_ (SixNimmtRowsStartedType):
            rows (list[int]):
     """

    type_: SixNimmtRowsStartedType
    rows: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        rows = self.rows




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "rows": rows,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = SixNimmtRowsStartedType(d.pop("type"))




        rows = cast(list[int], d.pop("rows"))


        six_nimmt_rows_started = cls(
            type_=type_,
            rows=rows,
        )


        six_nimmt_rows_started.additional_properties = d
        return six_nimmt_rows_started

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
