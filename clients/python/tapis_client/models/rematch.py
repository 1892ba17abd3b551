from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.rematch_action import RematchAction






T = TypeVar("T", bound="Rematch")



@_attrs_define
class Rematch:
    """ 
        Attributes:
            action (RematchAction):
            game_id (str):
     """

    action: RematchAction
    game_id: str





    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        game_id = self.game_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "action": action,
            "game_id": game_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = RematchAction(d.pop("action"))




        game_id = d.pop("game_id")

        rematch = cls(
            action=action,
            game_id=game_id,
        )

        return rematch

