from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_trade_proposed_type import BohnanzaTradeProposedType
from typing import cast

if TYPE_CHECKING:
  from ..models.bohnanza_trade_proposed_want import BohnanzaTradeProposedWant





T = TypeVar("T", bound="BohnanzaTradeProposed")



@_attrs_define
class BohnanzaTradeProposed:
    """ `give_hand` positions are the proposer's secret (emptied for others); `give` names the beans.

        Attributes:
            type_ (BohnanzaTradeProposedType):
            trade_id (int):
            seat (int):
            to (int | None):
            give_hand (list[int]):
            give_face_up (list[int]):
            give (list[str]):
            want (BohnanzaTradeProposedWant):
     """

    type_: BohnanzaTradeProposedType
    trade_id: int
    seat: int
    to: int | None
    give_hand: list[int]
    give_face_up: list[int]
    give: list[str]
    want: BohnanzaTradeProposedWant
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.bohnanza_trade_proposed_want import BohnanzaTradeProposedWant # noqa: PLC0415
        type_ = self.type_.value

        trade_id = self.trade_id

        seat = self.seat

        to: int | None
        to = self.to

        give_hand = self.give_hand



        give_face_up = self.give_face_up



        give = self.give



        want = self.want.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "trade_id": trade_id,
            "seat": seat,
            "to": to,
            "give_hand": give_hand,
            "give_face_up": give_face_up,
            "give": give,
            "want": want,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bohnanza_trade_proposed_want import BohnanzaTradeProposedWant # noqa: PLC0415
        d = dict(src_dict)
        type_ = BohnanzaTradeProposedType(d.pop("type"))




        trade_id = d.pop("trade_id")

        seat = d.pop("seat")

        def _parse_to(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to = _parse_to(d.pop("to"))


        give_hand = cast(list[int], d.pop("give_hand"))


        give_face_up = cast(list[int], d.pop("give_face_up"))


        give = cast(list[str], d.pop("give"))


        want = BohnanzaTradeProposedWant.from_dict(d.pop("want"))




        bohnanza_trade_proposed = cls(
            type_=type_,
            trade_id=trade_id,
            seat=seat,
            to=to,
            give_hand=give_hand,
            give_face_up=give_face_up,
            give=give,
            want=want,
        )


        bohnanza_trade_proposed.additional_properties = d
        return bohnanza_trade_proposed

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
