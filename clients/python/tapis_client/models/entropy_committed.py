from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.entropy_committed_type import EntropyCommittedType






T = TypeVar("T", bound="EntropyCommitted")



@_attrs_define
class EntropyCommitted:
    """ Dealing 3: a person's commitment to the entropy it will reveal once every seat is taken.

        Attributes:
            type_ (EntropyCommittedType):
            seat (int):
            commitment (str):
     """

    type_: EntropyCommittedType
    seat: int
    commitment: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        commitment = self.commitment


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "commitment": commitment,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = EntropyCommittedType(d.pop("type"))




        seat = d.pop("seat")

        commitment = d.pop("commitment")

        entropy_committed = cls(
            type_=type_,
            seat=seat,
            commitment=commitment,
        )


        entropy_committed.additional_properties = d
        return entropy_committed

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
