from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.six_nimmt_choose_row_type import SixNimmtChooseRowType






T = TypeVar("T", bound="SixNimmtChooseRow")



@_attrs_define
class SixNimmtChooseRow:
    """ 
        Attributes:
            type_ (SixNimmtChooseRowType):
            row (int):
     """

    type_: SixNimmtChooseRowType
    row: int





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        row = self.row


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "row": row,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = SixNimmtChooseRowType(d.pop("type"))




        row = d.pop("row")

        six_nimmt_choose_row = cls(
            type_=type_,
            row=row,
        )

        return six_nimmt_choose_row

