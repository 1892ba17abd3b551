from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.barbu_choose_contract_type import BarbuChooseContractType






T = TypeVar("T", bound="BarbuChooseContract")



@_attrs_define
class BarbuChooseContract:
    """ The round's chooser, among its own contracts left.

        Attributes:
            type_ (BarbuChooseContractType):
            contract (str):
     """

    type_: BarbuChooseContractType
    contract: str





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        contract = self.contract


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "contract": contract,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BarbuChooseContractType(d.pop("type"))




        contract = d.pop("contract")

        barbu_choose_contract = cls(
            type_=type_,
            contract=contract,
        )

        return barbu_choose_contract

