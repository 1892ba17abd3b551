from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.barbu_view_phase import BarbuViewPhase
from typing import cast

if TYPE_CHECKING:
  from ..models.barbu_card_laid import BarbuCardLaid
  from ..models.barbu_view_lines import BarbuViewLines





T = TypeVar("T", bound="BarbuView")



@_attrs_define
class BarbuView:
    """ A barbu table as one viewer may see it.

        Attributes:
            hand (list[str]):
            hands (list[list[str]] | None):
            hand_sizes (list[int]):
            removed (list[str]):
            chooser (int):
            contract (None | str):
            contracts_left (list[list[str]]):
            trick (list[BarbuCardLaid]):
            last_trick (list[BarbuCardLaid]):
            played (list[str]):
            tricks_won (list[int]):
            lines (BarbuViewLines):
            opening_rank (None | str):
            extra_play (bool):
            out (list[int]):
            round_points (list[int]):
            totals (list[int]):
            round_ (int):
            rounds (int):
            turn (int | None):
            phase (BarbuViewPhase):
     """

    hand: list[str]
    hands: list[list[str]] | None
    hand_sizes: list[int]
    removed: list[str]
    chooser: int
    contract: None | str
    contracts_left: list[list[str]]
    trick: list[BarbuCardLaid]
    last_trick: list[BarbuCardLaid]
    played: list[str]
    tricks_won: list[int]
    lines: BarbuViewLines
    opening_rank: None | str
    extra_play: bool
    out: list[int]
    round_points: list[int]
    totals: list[int]
    round_: int
    rounds: int
    turn: int | None
    phase: BarbuViewPhase
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.barbu_card_laid import BarbuCardLaid # noqa: PLC0415
        from ..models.barbu_view_lines import BarbuViewLines # noqa: PLC0415
        hand = self.hand



        hands: list[list[str]] | None
        if isinstance(self.hands, list):
            hands = []
            for hands_type_0_item_data in self.hands:
                hands_type_0_item = hands_type_0_item_data


                hands.append(hands_type_0_item)


        else:
            hands = self.hands

        hand_sizes = self.hand_sizes



        removed = self.removed



        chooser = self.chooser

        contract: None | str
        contract = self.contract

        contracts_left = []
        for contracts_left_item_data in self.contracts_left:
            contracts_left_item = contracts_left_item_data


            contracts_left.append(contracts_left_item)



        trick = []
        for trick_item_data in self.trick:
            trick_item = trick_item_data.to_dict()
            trick.append(trick_item)



        last_trick = []
        for last_trick_item_data in self.last_trick:
            last_trick_item = last_trick_item_data.to_dict()
            last_trick.append(last_trick_item)



        played = self.played



        tricks_won = self.tricks_won



        lines = self.lines.to_dict()

        opening_rank: None | str
        opening_rank = self.opening_rank

        extra_play = self.extra_play

        out = self.out



        round_points = self.round_points



        totals = self.totals



        round_ = self.round_

        rounds = self.rounds

        turn: int | None
        turn = self.turn

        phase = self.phase.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "hand": hand,
            "hands": hands,
            "hand_sizes": hand_sizes,
            "removed": removed,
            "chooser": chooser,
            "contract": contract,
            "contracts_left": contracts_left,
            "trick": trick,
            "last_trick": last_trick,
            "played": played,
            "tricks_won": tricks_won,
            "lines": lines,
            "opening_rank": opening_rank,
            "extra_play": extra_play,
            "out": out,
            "round_points": round_points,
            "totals": totals,
            "round": round_,
            "rounds": rounds,
            "turn": turn,
            "phase": phase,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.barbu_card_laid import BarbuCardLaid # noqa: PLC0415
        from ..models.barbu_view_lines import BarbuViewLines # noqa: PLC0415
        d = dict(src_dict)
        hand = cast(list[str], d.pop("hand"))


        def _parse_hands(data: object) -> list[list[str]] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hands_type_0 = []
                _hands_type_0 = data
                for hands_type_0_item_data in (_hands_type_0):
                    hands_type_0_item = cast(list[str], hands_type_0_item_data)

                    hands_type_0.append(hands_type_0_item)

                return hands_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[str]] | None, data)

        hands = _parse_hands(d.pop("hands"))


        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        removed = cast(list[str], d.pop("removed"))


        chooser = d.pop("chooser")

        def _parse_contract(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        contract = _parse_contract(d.pop("contract"))


        contracts_left = []
        _contracts_left = d.pop("contracts_left")
        for contracts_left_item_data in (_contracts_left):
            contracts_left_item = cast(list[str], contracts_left_item_data)

            contracts_left.append(contracts_left_item)


        trick = []
        _trick = d.pop("trick")
        for trick_item_data in (_trick):
            trick_item = BarbuCardLaid.from_dict(trick_item_data)



            trick.append(trick_item)


        last_trick = []
        _last_trick = d.pop("last_trick")
        for last_trick_item_data in (_last_trick):
            last_trick_item = BarbuCardLaid.from_dict(last_trick_item_data)



            last_trick.append(last_trick_item)


        played = cast(list[str], d.pop("played"))


        tricks_won = cast(list[int], d.pop("tricks_won"))


        lines = BarbuViewLines.from_dict(d.pop("lines"))




        def _parse_opening_rank(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        opening_rank = _parse_opening_rank(d.pop("opening_rank"))


        extra_play = d.pop("extra_play")

        out = cast(list[int], d.pop("out"))


        round_points = cast(list[int], d.pop("round_points"))


        totals = cast(list[int], d.pop("totals"))


        round_ = d.pop("round")

        rounds = d.pop("rounds")

        def _parse_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn = _parse_turn(d.pop("turn"))


        phase = BarbuViewPhase(d.pop("phase"))




        barbu_view = cls(
            hand=hand,
            hands=hands,
            hand_sizes=hand_sizes,
            removed=removed,
            chooser=chooser,
            contract=contract,
            contracts_left=contracts_left,
            trick=trick,
            last_trick=last_trick,
            played=played,
            tricks_won=tricks_won,
            lines=lines,
            opening_rank=opening_rank,
            extra_play=extra_play,
            out=out,
            round_points=round_points,
            totals=totals,
            round_=round_,
            rounds=rounds,
            turn=turn,
            phase=phase,
        )


        barbu_view.additional_properties = d
        return barbu_view

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
