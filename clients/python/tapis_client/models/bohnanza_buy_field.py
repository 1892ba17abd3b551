from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_buy_field_type import BohnanzaBuyFieldType






T = TypeVar("T", bound="BohnanzaBuyField")



@_attrs_define
class BohnanzaBuyField:
    """ 
        Attributes:
            type_ (BohnanzaBuyFieldType):
     """

    type_: BohnanzaBuyFieldType





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaBuyFieldType(d.pop("type"))




        bohnanza_buy_field = cls(
            type_=type_,
        )

        return bohnanza_buy_field

