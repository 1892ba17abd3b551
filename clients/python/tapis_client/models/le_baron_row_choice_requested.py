from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.le_baron_row_choice_requested_reason import LeBaronRowChoiceRequestedReason
from ..models.le_baron_row_choice_requested_type import LeBaronRowChoiceRequestedType
from typing import cast






T = TypeVar("T", bound="LeBaronRowChoiceRequested")



@_attrs_define
class LeBaronRowChoiceRequested:
    """ Resolution waits for `seat`: to pick among matching rows, or (no match) a row to take.

        Attributes:
            type_ (LeBaronRowChoiceRequestedType):
            seat (int):
            card (int):
            choices (list[int]):
            reason (LeBaronRowChoiceRequestedReason):
     """

    type_: LeBaronRowChoiceRequestedType
    seat: int
    card: int
    choices: list[int]
    reason: LeBaronRowChoiceRequestedReason
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        seat = self.seat

        card = self.card

        choices = self.choices



        reason = self.reason.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "seat": seat,
            "card": card,
            "choices": choices,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = LeBaronRowChoiceRequestedType(d.pop("type"))




        seat = d.pop("seat")

        card = d.pop("card")

        choices = cast(list[int], d.pop("choices"))


        reason = LeBaronRowChoiceRequestedReason(d.pop("reason"))




        le_baron_row_choice_requested = cls(
            type_=type_,
            seat=seat,
            card=card,
            choices=choices,
            reason=reason,
        )


        le_baron_row_choice_requested.additional_properties = d
        return le_baron_row_choice_requested

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
