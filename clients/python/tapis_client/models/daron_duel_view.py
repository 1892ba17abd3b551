from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="DaronDuelView")



@_attrs_define
class DaronDuelView:
    """ The duel running.

        Attributes:
            attacker (int):
            defender (int):
            amount (int):
            to_answer (int):
     """

    attacker: int
    defender: int
    amount: int
    to_answer: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        attacker = self.attacker

        defender = self.defender

        amount = self.amount

        to_answer = self.to_answer


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "attacker": attacker,
            "defender": defender,
            "amount": amount,
            "to_answer": to_answer,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attacker = d.pop("attacker")

        defender = d.pop("defender")

        amount = d.pop("amount")

        to_answer = d.pop("to_answer")

        daron_duel_view = cls(
            attacker=attacker,
            defender=defender,
            amount=amount,
            to_answer=to_answer,
        )


        daron_duel_view.additional_properties = d
        return daron_duel_view

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
