from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.barbu_round_scored_reason import BarbuRoundScoredReason
from ..models.barbu_round_scored_type import BarbuRoundScoredType
from typing import cast






T = TypeVar("T", bound="BarbuRoundScored")



@_attrs_define
class BarbuRoundScored:
    """ The round is over (`reason`); its `points` per seat are added to the `totals`.

        Attributes:
            type_ (BarbuRoundScoredType):
            round_ (int):
            contract (str):
            points (list[int]):
            totals (list[int]):
            reason (BarbuRoundScoredReason):
            last (bool):
     """

    type_: BarbuRoundScoredType
    round_: int
    contract: str
    points: list[int]
    totals: list[int]
    reason: BarbuRoundScoredReason
    last: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        round_ = self.round_

        contract = self.contract

        points = self.points



        totals = self.totals



        reason = self.reason.value

        last = self.last


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "round": round_,
            "contract": contract,
            "points": points,
            "totals": totals,
            "reason": reason,
            "last": last,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = BarbuRoundScoredType(d.pop("type"))




        round_ = d.pop("round")

        contract = d.pop("contract")

        points = cast(list[int], d.pop("points"))


        totals = cast(list[int], d.pop("totals"))


        reason = BarbuRoundScoredReason(d.pop("reason"))




        last = d.pop("last")

        barbu_round_scored = cls(
            type_=type_,
            round_=round_,
            contract=contract,
            points=points,
            totals=totals,
            reason=reason,
            last=last,
        )


        barbu_round_scored.additional_properties = d
        return barbu_round_scored

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
