from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.daron_round_won_type import DaronRoundWonType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DaronRoundWon")



@_attrs_define
class DaronRoundWon:
    """ The seat laid its whole hand: `points` is 5 + the largest other hand; `hand_points` is 0 for it.

        Attributes:
            type_ (DaronRoundWonType):
            round_ (int):
            seat (int):
            points (int):
            hand_points (list[int]):
            totals (list[int]):
            last (bool):
            hands (list[list[str]] | Unset):
     """

    type_: DaronRoundWonType
    round_: int
    seat: int
    points: int
    hand_points: list[int]
    totals: list[int]
    last: bool
    hands: list[list[str]] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        round_ = self.round_

        seat = self.seat

        points = self.points

        hand_points = self.hand_points



        totals = self.totals



        last = self.last

        hands: list[list[str]] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item = hands_item_data


                hands.append(hands_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "round": round_,
            "seat": seat,
            "points": points,
            "hand_points": hand_points,
            "totals": totals,
            "last": last,
        })
        if hands is not UNSET:
            field_dict["hands"] = hands

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DaronRoundWonType(d.pop("type"))




        round_ = d.pop("round")

        seat = d.pop("seat")

        points = d.pop("points")

        hand_points = cast(list[int], d.pop("hand_points"))


        totals = cast(list[int], d.pop("totals"))


        last = d.pop("last")

        _hands = d.pop("hands", UNSET)
        hands: list[list[str]] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = cast(list[str], hands_item_data)

                hands.append(hands_item)


        daron_round_won = cls(
            type_=type_,
            round_=round_,
            seat=seat,
            points=points,
            hand_points=hand_points,
            totals=totals,
            last=last,
            hands=hands,
        )


        daron_round_won.additional_properties = d
        return daron_round_won

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
