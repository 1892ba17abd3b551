from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.le_baron_view_ask_reason_type_0 import LeBaronViewAskReasonType0
from ..models.le_baron_view_phase import LeBaronViewPhase
from typing import cast

if TYPE_CHECKING:
  from ..models.le_baron_revealed import LeBaronRevealed





T = TypeVar("T", bound="LeBaronView")



@_attrs_define
class LeBaronView:
    """ The `state` of a le-baron game as one viewer sees it (docs/games/le-baron.md).

        Attributes:
            rows (list[list[int]]):
            hand (list[int]):
            hand_sizes (list[int]):
            pile_sizes (list[int]):
            piles (list[list[int]] | None):
            box_size (int):
            chosen (list[bool]):
            my_choice (int | None):
            revealed (list[LeBaronRevealed]):
            asked (int | None):
            ask_reason (LeBaronViewAskReasonType0 | None):
            choices (list[int]):
            taken (list[list[int]]):
            totals (list[int]):
            round_ (int):
            turn (int):
            phase (LeBaronViewPhase):
     """

    rows: list[list[int]]
    hand: list[int]
    hand_sizes: list[int]
    pile_sizes: list[int]
    piles: list[list[int]] | None
    box_size: int
    chosen: list[bool]
    my_choice: int | None
    revealed: list[LeBaronRevealed]
    asked: int | None
    ask_reason: LeBaronViewAskReasonType0 | None
    choices: list[int]
    taken: list[list[int]]
    totals: list[int]
    round_: int
    turn: int
    phase: LeBaronViewPhase
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.le_baron_revealed import LeBaronRevealed # noqa: PLC0415
        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data


            rows.append(rows_item)



        hand = self.hand



        hand_sizes = self.hand_sizes



        pile_sizes = self.pile_sizes



        piles: list[list[int]] | None
        if isinstance(self.piles, list):
            piles = []
            for piles_type_0_item_data in self.piles:
                piles_type_0_item = piles_type_0_item_data


                piles.append(piles_type_0_item)


        else:
            piles = self.piles

        box_size = self.box_size

        chosen = self.chosen



        my_choice: int | None
        my_choice = self.my_choice

        revealed = []
        for revealed_item_data in self.revealed:
            revealed_item = revealed_item_data.to_dict()
            revealed.append(revealed_item)



        asked: int | None
        asked = self.asked

        ask_reason: None | str
        if isinstance(self.ask_reason, LeBaronViewAskReasonType0):
            ask_reason = self.ask_reason.value
        else:
            ask_reason = self.ask_reason

        choices = self.choices



        taken = []
        for taken_item_data in self.taken:
            taken_item = taken_item_data


            taken.append(taken_item)



        totals = self.totals



        round_ = self.round_

        turn = self.turn

        phase = self.phase.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "rows": rows,
            "hand": hand,
            "hand_sizes": hand_sizes,
            "pile_sizes": pile_sizes,
            "piles": piles,
            "box_size": box_size,
            "chosen": chosen,
            "my_choice": my_choice,
            "revealed": revealed,
            "asked": asked,
            "ask_reason": ask_reason,
            "choices": choices,
            "taken": taken,
            "totals": totals,
            "round": round_,
            "turn": turn,
            "phase": phase,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.le_baron_revealed import LeBaronRevealed # noqa: PLC0415
        d = dict(src_dict)
        rows = []
        _rows = d.pop("rows")
        for rows_item_data in (_rows):
            rows_item = cast(list[int], rows_item_data)

            rows.append(rows_item)


        hand = cast(list[int], d.pop("hand"))


        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        pile_sizes = cast(list[int], d.pop("pile_sizes"))


        def _parse_piles(data: object) -> list[list[int]] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                piles_type_0 = []
                _piles_type_0 = data
                for piles_type_0_item_data in (_piles_type_0):
                    piles_type_0_item = cast(list[int], piles_type_0_item_data)

                    piles_type_0.append(piles_type_0_item)

                return piles_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[int]] | None, data)

        piles = _parse_piles(d.pop("piles"))


        box_size = d.pop("box_size")

        chosen = cast(list[bool], d.pop("chosen"))


        def _parse_my_choice(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        my_choice = _parse_my_choice(d.pop("my_choice"))


        revealed = []
        _revealed = d.pop("revealed")
        for revealed_item_data in (_revealed):
            revealed_item = LeBaronRevealed.from_dict(revealed_item_data)



            revealed.append(revealed_item)


        def _parse_asked(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        asked = _parse_asked(d.pop("asked"))


        def _parse_ask_reason(data: object) -> LeBaronViewAskReasonType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ask_reason_type_0 = LeBaronViewAskReasonType0(data)



                return ask_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LeBaronViewAskReasonType0 | None, data)

        ask_reason = _parse_ask_reason(d.pop("ask_reason"))


        choices = cast(list[int], d.pop("choices"))


        taken = []
        _taken = d.pop("taken")
        for taken_item_data in (_taken):
            taken_item = cast(list[int], taken_item_data)

            taken.append(taken_item)


        totals = cast(list[int], d.pop("totals"))


        round_ = d.pop("round")

        turn = d.pop("turn")

        phase = LeBaronViewPhase(d.pop("phase"))




        le_baron_view = cls(
            rows=rows,
            hand=hand,
            hand_sizes=hand_sizes,
            pile_sizes=pile_sizes,
            piles=piles,
            box_size=box_size,
            chosen=chosen,
            my_choice=my_choice,
            revealed=revealed,
            asked=asked,
            ask_reason=ask_reason,
            choices=choices,
            taken=taken,
            totals=totals,
            round_=round_,
            turn=turn,
            phase=phase,
        )


        le_baron_view.additional_properties = d
        return le_baron_view

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
