from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.expire_action import ExpireAction






T = TypeVar("T", bound="Expire")



@_attrs_define
class Expire:
    """ The lobby's time to live ran out before anyone started the game (services/lobby_sweeper.py).

        Attributes:
            action (ExpireAction):
     """

    action: ExpireAction





    def to_dict(self) -> dict[str, Any]:
        action = self.action.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "action": action,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = ExpireAction(d.pop("action"))




        expire = cls(
            action=action,
        )

        return expire

