from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.daron_riposte_type import DaronRiposteType






T = TypeVar("T", bound="DaronRiposte")



@_attrs_define
class DaronRiposte:
    """ The player answering a duel: a +k with k above the amount (it becomes k), or x2 (doubles it).

        Attributes:
            type_ (DaronRiposteType):
            card (str):
     """

    type_: DaronRiposteType
    card: str





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        card = self.card


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "card": card,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DaronRiposteType(d.pop("type"))




        card = d.pop("card")

        daron_riposte = cls(
            type_=type_,
            card=card,
        )

        return daron_riposte

