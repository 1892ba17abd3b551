from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_propose_trade_type import BohnanzaProposeTradeType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.bohnanza_propose_trade_want import BohnanzaProposeTradeWant





T = TypeVar("T", bound="BohnanzaProposeTrade")



@_attrs_define
class BohnanzaProposeTrade:
    """ Offer hand cards (indices, front = 0) and, for the active player, turned-up cards for `want`.

        Attributes:
            type_ (BohnanzaProposeTradeType):
            to (int | None | Unset):
            give_hand (list[int] | Unset):
            give_face_up (list[int] | Unset):
            want (BohnanzaProposeTradeWant | Unset):
     """

    type_: BohnanzaProposeTradeType
    to: int | None | Unset = UNSET
    give_hand: list[int] | Unset = UNSET
    give_face_up: list[int] | Unset = UNSET
    want: BohnanzaProposeTradeWant | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.bohnanza_propose_trade_want import BohnanzaProposeTradeWant # noqa: PLC0415
        type_ = self.type_.value

        to: int | None | Unset
        if isinstance(self.to, Unset):
            to = UNSET
        else:
            to = self.to

        give_hand: list[int] | Unset = UNSET
        if not isinstance(self.give_hand, Unset):
            give_hand = self.give_hand



        give_face_up: list[int] | Unset = UNSET
        if not isinstance(self.give_face_up, Unset):
            give_face_up = self.give_face_up



        want: dict[str, Any] | Unset = UNSET
        if not isinstance(self.want, Unset):
            want = self.want.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })
        if to is not UNSET:
            field_dict["to"] = to
        if give_hand is not UNSET:
            field_dict["give_hand"] = give_hand
        if give_face_up is not UNSET:
            field_dict["give_face_up"] = give_face_up
        if want is not UNSET:
            field_dict["want"] = want

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bohnanza_propose_trade_want import BohnanzaProposeTradeWant # noqa: PLC0415
        d = dict(src_dict)
        type_ = BohnanzaProposeTradeType(d.pop("type"))




        def _parse_to(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        to = _parse_to(d.pop("to", UNSET))


        give_hand = cast(list[int], d.pop("give_hand", UNSET))


        give_face_up = cast(list[int], d.pop("give_face_up", UNSET))


        _want = d.pop("want", UNSET)
        want: BohnanzaProposeTradeWant | Unset
        if isinstance(_want,  Unset):
            want = UNSET
        else:
            want = BohnanzaProposeTradeWant.from_dict(_want)




        bohnanza_propose_trade = cls(
            type_=type_,
            to=to,
            give_hand=give_hand,
            give_face_up=give_face_up,
            want=want,
        )

        return bohnanza_propose_trade

