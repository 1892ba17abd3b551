from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.daron_brawl_type import DaronBrawlType






T = TypeVar("T", bound="DaronBrawl")



@_attrs_define
class DaronBrawl:
    """ The player to act opens a brawl, or the one answering joins it: lays `count` Daron cards.

        Attributes:
            type_ (DaronBrawlType):
            count (int):
     """

    type_: DaronBrawlType
    count: int





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        count = self.count


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "count": count,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DaronBrawlType(d.pop("type"))




        count = d.pop("count")

        daron_brawl = cls(
            type_=type_,
            count=count,
        )

        return daron_brawl

