from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.barbu_contract_chosen_type import BarbuContractChosenType






T = TypeVar("T", bound="BarbuContractChosen")



@_attrs_define
class BarbuContractChosen:
    """ The round's chooser names its contract, which it then leads.

        Attributes:
            type_ (BarbuContractChosenType):
            round_ (int):
            seat (int):
            contract (str):
     """

    type_: BarbuContractChosenType
    round_: int
    seat: int
    contract: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        round_ = self.round_

        seat = self.seat

        contract = self.contract


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "round": round_,
            "seat": seat,
            "contract": contract,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BarbuContractChosenType(d.pop("type"))




        round_ = d.pop("round")

        seat = d.pop("seat")

        contract = d.pop("contract")

        barbu_contract_chosen = cls(
            type_=type_,
            round_=round_,
            seat=seat,
            contract=contract,
        )


        barbu_contract_chosen.additional_properties = d
        return barbu_contract_chosen

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
