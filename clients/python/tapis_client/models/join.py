from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.join_action import JoinAction
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Join")



@_attrs_define
class Join:
    """ 
        Attributes:
            action (JoinAction):
            name (str):
            seat (int | None | Unset):
            bot (None | str | Unset):
            entropy (str | Unset):  Default: ''.
            commitment (str | Unset):  Default: ''.
     """

    action: JoinAction
    name: str
    seat: int | None | Unset = UNSET
    bot: None | str | Unset = UNSET
    entropy: str | Unset = ''
    commitment: str | Unset = ''





    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        name = self.name

        seat: int | None | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        else:
            seat = self.seat

        bot: None | str | Unset
        if isinstance(self.bot, Unset):
            bot = UNSET
        else:
            bot = self.bot

        entropy = self.entropy

        commitment = self.commitment


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "action": action,
            "name": name,
        })
        if seat is not UNSET:
            field_dict["seat"] = seat
        if bot is not UNSET:
            field_dict["bot"] = bot
        if entropy is not UNSET:
            field_dict["entropy"] = entropy
        if commitment is not UNSET:
            field_dict["commitment"] = commitment

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = JoinAction(d.pop("action"))




        name = d.pop("name")

        def _parse_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))


        def _parse_bot(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bot = _parse_bot(d.pop("bot", UNSET))


        entropy = d.pop("entropy", UNSET)

        commitment = d.pop("commitment", UNSET)

        join = cls(
            action=action,
            name=name,
            seat=seat,
            bot=bot,
            entropy=entropy,
            commitment=commitment,
        )

        return join

