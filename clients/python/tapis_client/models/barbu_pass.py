from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.barbu_pass_type import BarbuPassType






T = TypeVar("T", bound="BarbuPass")



@_attrs_define
class BarbuPass:
    """ Réussite only: with nothing to lay, or to decline the extra play after an ace.

        Attributes:
            type_ (BarbuPassType):
     """

    type_: BarbuPassType





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
        type_ = BarbuPassType(d.pop("type"))




        barbu_pass = cls(
            type_=type_,
        )

        return barbu_pass

