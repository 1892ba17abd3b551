from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="DaronBrawlView")



@_attrs_define
class DaronBrawlView:
    """ The brawl running.

        Attributes:
            count (int):
            to_answer (int):
            initiator (int):
     """

    count: int
    to_answer: int
    initiator: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        count = self.count

        to_answer = self.to_answer

        initiator = self.initiator


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "count": count,
            "to_answer": to_answer,
            "initiator": initiator,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        count = d.pop("count")

        to_answer = d.pop("to_answer")

        initiator = d.pop("initiator")

        daron_brawl_view = cls(
            count=count,
            to_answer=to_answer,
            initiator=initiator,
        )


        daron_brawl_view.additional_properties = d
        return daron_brawl_view

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
