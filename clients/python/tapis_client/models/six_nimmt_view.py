from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.six_nimmt_view_phase import SixNimmtViewPhase
from typing import cast

if TYPE_CHECKING:
  from ..models.six_nimmt_revealed import SixNimmtRevealed





T = TypeVar("T", bound="SixNimmtView")



@_attrs_define
class SixNimmtView:
    """ The `state` of a six-nimmt game as one viewer sees it (docs/games/six-nimmt.md).

        Attributes:
            rows (list[list[int]]):
            hand (list[int]):
            hands (list[list[int]] | None):
            hand_sizes (list[int]):
            chosen (list[bool]):
            my_choice (int | None):
            revealed (list[SixNimmtRevealed]):
            asked (int | None):
            pool (list[int]):
            drafter (int | None):
            penalties (list[list[int]]):
            totals (list[int]):
            round_ (int):
            turn (int):
            phase (SixNimmtViewPhase):
     """

    rows: list[list[int]]
    hand: list[int]
    hands: list[list[int]] | None
    hand_sizes: list[int]
    chosen: list[bool]
    my_choice: int | None
    revealed: list[SixNimmtRevealed]
    asked: int | None
    pool: list[int]
    drafter: int | None
    penalties: list[list[int]]
    totals: list[int]
    round_: int
    turn: int
    phase: SixNimmtViewPhase
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.six_nimmt_revealed import SixNimmtRevealed # noqa: PLC0415
        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data


            rows.append(rows_item)



        hand = self.hand



        hands: list[list[int]] | None
        if isinstance(self.hands, list):
            hands = []
            for hands_type_0_item_data in self.hands:
                hands_type_0_item = hands_type_0_item_data


                hands.append(hands_type_0_item)


        else:
            hands = self.hands

        hand_sizes = self.hand_sizes



        chosen = self.chosen



        my_choice: int | None
        my_choice = self.my_choice

        revealed = []
        for revealed_item_data in self.revealed:
            revealed_item = revealed_item_data.to_dict()
            revealed.append(revealed_item)



        asked: int | None
        asked = self.asked

        pool = self.pool



        drafter: int | None
        drafter = self.drafter

        penalties = []
        for penalties_item_data in self.penalties:
            penalties_item = penalties_item_data


            penalties.append(penalties_item)



        totals = self.totals



        round_ = self.round_

        turn = self.turn

        phase = self.phase.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "rows": rows,
            "hand": hand,
            "hands": hands,
            "hand_sizes": hand_sizes,
            "chosen": chosen,
            "my_choice": my_choice,
            "revealed": revealed,
            "asked": asked,
            "pool": pool,
            "drafter": drafter,
            "penalties": penalties,
            "totals": totals,
            "round": round_,
            "turn": turn,
            "phase": phase,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.six_nimmt_revealed import SixNimmtRevealed # noqa: PLC0415
        d = dict(src_dict)
        rows = []
        _rows = d.pop("rows")
        for rows_item_data in (_rows):
            rows_item = cast(list[int], rows_item_data)

            rows.append(rows_item)


        hand = cast(list[int], d.pop("hand"))


        def _parse_hands(data: object) -> list[list[int]] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hands_type_0 = []
                _hands_type_0 = data
                for hands_type_0_item_data in (_hands_type_0):
                    hands_type_0_item = cast(list[int], hands_type_0_item_data)

                    hands_type_0.append(hands_type_0_item)

                return hands_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[int]] | None, data)

        hands = _parse_hands(d.pop("hands"))


        hand_sizes = cast(list[int], d.pop("hand_sizes"))


        chosen = cast(list[bool], d.pop("chosen"))


        def _parse_my_choice(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        my_choice = _parse_my_choice(d.pop("my_choice"))


        revealed = []
        _revealed = d.pop("revealed")
        for revealed_item_data in (_revealed):
            revealed_item = SixNimmtRevealed.from_dict(revealed_item_data)



            revealed.append(revealed_item)


        def _parse_asked(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        asked = _parse_asked(d.pop("asked"))


        pool = cast(list[int], d.pop("pool"))


        def _parse_drafter(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        drafter = _parse_drafter(d.pop("drafter"))


        penalties = []
        _penalties = d.pop("penalties")
        for penalties_item_data in (_penalties):
            penalties_item = cast(list[int], penalties_item_data)

            penalties.append(penalties_item)


        totals = cast(list[int], d.pop("totals"))


        round_ = d.pop("round")

        turn = d.pop("turn")

        phase = SixNimmtViewPhase(d.pop("phase"))




        six_nimmt_view = cls(
            rows=rows,
            hand=hand,
            hands=hands,
            hand_sizes=hand_sizes,
            chosen=chosen,
            my_choice=my_choice,
            revealed=revealed,
            asked=asked,
            pool=pool,
            drafter=drafter,
            penalties=penalties,
            totals=totals,
            round_=round_,
            turn=turn,
            phase=phase,
        )


        six_nimmt_view.additional_properties = d
        return six_nimmt_view

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
