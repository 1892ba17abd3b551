from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.bohnanza_trade_view_want import BohnanzaTradeViewWant





T = TypeVar("T", bound="BohnanzaTradeView")



@_attrs_define
class BohnanzaTradeView:
    """ An open proposal.

        Attributes:
            trade_id (int):
            from_ (int):
            to (int | None):
            give (list[str]):
            want (BohnanzaTradeViewWant):
            give_face_up (list[int]):
            give_hand (list[int] | None):
     """

    trade_id: int
    from_: int
    to: int | None
    give: list[str]
    want: BohnanzaTradeViewWant
    give_face_up: list[int]
    give_hand: list[int] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.bohnanza_trade_view_want import BohnanzaTradeViewWant # noqa: PLC0415
        trade_id = self.trade_id

        from_ = self.from_

        to: int | None
        to = self.to

        give = self.give



        want = self.want.to_dict()

        give_face_up = self.give_face_up



        give_hand: list[int] | None
        if isinstance(self.give_hand, list):
            give_hand = self.give_hand


        else:
            give_hand = self.give_hand


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "trade_id": trade_id,
            "from": from_,
            "to": to,
            "give": give,
            "want": want,
            "give_face_up": give_face_up,
            "give_hand": give_hand,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bohnanza_trade_view_want import BohnanzaTradeViewWant # noqa: PLC0415
        d = dict(src_dict)
        trade_id = d.pop("trade_id")

        from_ = d.pop("from")

        def _parse_to(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to = _parse_to(d.pop("to"))


        give = cast(list[str], d.pop("give"))


        want = BohnanzaTradeViewWant.from_dict(d.pop("want"))




        give_face_up = cast(list[int], d.pop("give_face_up"))


        def _parse_give_hand(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                give_hand_type_0 = cast(list[int], data)

                return give_hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        give_hand = _parse_give_hand(d.pop("give_hand"))


        bohnanza_trade_view = cls(
            trade_id=trade_id,
            from_=from_,
            to=to,
            give=give,
            want=want,
            give_face_up=give_face_up,
            give_hand=give_hand,
        )


        bohnanza_trade_view.additional_properties = d
        return bohnanza_trade_view

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
