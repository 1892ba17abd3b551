from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.daron_duel_lost_type import DaronDuelLostType






T = TypeVar("T", bound="DaronDuelLost")



@_attrs_define
class DaronDuelLost:
    """ The seat accepts the duel and draws `amount`: the `CardsDrawn` follow.

        Attributes:
            type_ (DaronDuelLostType):
            seat (int):
            amount (int):
     """

    type_: DaronDuelLostType
    seat: int
    amount: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        amount = self.amount


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "amount": amount,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DaronDuelLostType(d.pop("type"))




        seat = d.pop("seat")

        amount = d.pop("amount")

        daron_duel_lost = cls(
            type_=type_,
            seat=seat,
            amount=amount,
        )


        daron_duel_lost.additional_properties = d
        return daron_duel_lost

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
