from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.start_action import StartAction
from ..types import UNSET, Unset






T = TypeVar("T", bound="Start")



@_attrs_define
class Start:
    """ 
        Attributes:
            action (StartAction):
            force (bool | Unset):  Default: False.
     """

    action: StartAction
    force: bool | Unset = False





    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        force = self.force


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "action": action,
        })
        if force is not UNSET:
            field_dict["force"] = force

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = StartAction(d.pop("action"))




        force = d.pop("force", UNSET)

        start = cls(
            action=action,
            force=force,
        )

        return start

