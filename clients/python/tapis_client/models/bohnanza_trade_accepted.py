from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_trade_accepted_type import BohnanzaTradeAcceptedType
from typing import cast






T = TypeVar("T", bound="BohnanzaTradeAccepted")



@_attrs_define
class BohnanzaTradeAccepted:
    """ The accepter's `give_hand` positions are emptied for others; the beans that change hands are public.

        Attributes:
            type_ (BohnanzaTradeAcceptedType):
            trade_id (int):
            seat (int):
            give_hand (list[int]):
            give_face_up (list[int]):
            to_accepter (list[str]):
            to_proposer (list[str]):
     """

    type_: BohnanzaTradeAcceptedType
    trade_id: int
    seat: int
    give_hand: list[int]
    give_face_up: list[int]
    to_accepter: list[str]
    to_proposer: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        trade_id = self.trade_id

        seat = self.seat

        give_hand = self.give_hand



        give_face_up = self.give_face_up



        to_accepter = self.to_accepter



        to_proposer = self.to_proposer




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "trade_id": trade_id,
            "seat": seat,
            "give_hand": give_hand,
            "give_face_up": give_face_up,
            "to_accepter": to_accepter,
            "to_proposer": to_proposer,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BohnanzaTradeAcceptedType(d.pop("type"))




        trade_id = d.pop("trade_id")

        seat = d.pop("seat")

        give_hand = cast(list[int], d.pop("give_hand"))


        give_face_up = cast(list[int], d.pop("give_face_up"))


        to_accepter = cast(list[str], d.pop("to_accepter"))


        to_proposer = cast(list[str], d.pop("to_proposer"))


        bohnanza_trade_accepted = cls(
            type_=type_,
            trade_id=trade_id,
            seat=seat,
            give_hand=give_hand,
            give_face_up=give_face_up,
            to_accepter=to_accepter,
            to_proposer=to_proposer,
        )


        bohnanza_trade_accepted.additional_properties = d
        return bohnanza_trade_accepted

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
