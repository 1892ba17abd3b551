from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reveal_action import RevealAction






T = TypeVar("T", bound="Reveal")



@_attrs_define
class Reveal:
    """ Dealing 3: a seat opens its commitment, once every seat is taken.

        Attributes:
            action (RevealAction):
            seat (int):
            entropy (str):
     """

    action: RevealAction
    seat: int
    entropy: str





    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        seat = self.seat

        entropy = self.entropy


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "action": action,
            "seat": seat,
            "entropy": entropy,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = RevealAction(d.pop("action"))




        seat = d.pop("seat")

        entropy = d.pop("entropy")

        reveal = cls(
            action=action,
            seat=seat,
            entropy=entropy,
        )

        return reveal

