from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.daron_duel_type import DaronDuelType






T = TypeVar("T", bound="DaronDuel")



@_attrs_define
class DaronDuel:
    """ The player to act attacks the next player in the direction with a +2 to +5 (never x2).

        Attributes:
            type_ (DaronDuelType):
            card (str):
     """

    type_: DaronDuelType
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
        type_ = DaronDuelType(d.pop("type"))




        card = d.pop("card")

        daron_duel = cls(
            type_=type_,
            card=card,
        )

        return daron_duel

