from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.daron_accept_type import DaronAcceptType






T = TypeVar("T", bound="DaronAccept")



@_attrs_define
class DaronAccept:
    """ The one answering a duel or a brawl gives in: draws what it is worth, and it ends.

        Attributes:
            type_ (DaronAcceptType):
     """

    type_: DaronAcceptType





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
        type_ = DaronAcceptType(d.pop("type"))




        daron_accept = cls(
            type_=type_,
        )

        return daron_accept

