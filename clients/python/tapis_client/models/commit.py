from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.commit_action import CommitAction






T = TypeVar("T", bound="Commit")



@_attrs_define
class Commit:
    """ Dealing 3: a seated person commits to its entropy after joining (a rematch's seats join without one).

        Attributes:
            action (CommitAction):
            seat (int):
            commitment (str):
     """

    action: CommitAction
    seat: int
    commitment: str





    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        seat = self.seat

        commitment = self.commitment


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "action": action,
            "seat": seat,
            "commitment": commitment,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = CommitAction(d.pop("action"))




        seat = d.pop("seat")

        commitment = d.pop("commitment")

        commit = cls(
            action=action,
            seat=seat,
            commitment=commitment,
        )

        return commit

