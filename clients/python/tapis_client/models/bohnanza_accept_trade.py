from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_accept_trade_type import BohnanzaAcceptTradeType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="BohnanzaAcceptTrade")



@_attrs_define
class BohnanzaAcceptTrade:
    """ Accept with the accepter's own cards, which must match the proposal's `want` exactly.

        Attributes:
            type_ (BohnanzaAcceptTradeType):
            trade_id (int):
            give_hand (list[int] | Unset):
            give_face_up (list[int] | Unset):
     """

    type_: BohnanzaAcceptTradeType
    trade_id: int
    give_hand: list[int] | Unset = UNSET
    give_face_up: list[int] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        trade_id = self.trade_id

        give_hand: list[int] | Unset = UNSET
        if not isinstance(self.give_hand, Unset):
            give_hand = self.give_hand



        give_face_up: list[int] | Unset = UNSET
        if not isinstance(self.give_face_up, Unset):
            give_face_up = self.give_face_up




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "trade_id": trade_id,
        })
        if give_hand is not UNSET:
            field_dict["give_hand"] = give_hand
        if give_face_up is not UNSET:
            field_dict["give_face_up"] = give_face_up

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaAcceptTradeType(d.pop("type"))




        trade_id = d.pop("trade_id")

        give_hand = cast(list[int], d.pop("give_hand", UNSET))


        give_face_up = cast(list[int], d.pop("give_face_up", UNSET))


        bohnanza_accept_trade = cls(
            type_=type_,
            trade_id=trade_id,
            give_hand=give_hand,
            give_face_up=give_face_up,
        )

        return bohnanza_accept_trade

