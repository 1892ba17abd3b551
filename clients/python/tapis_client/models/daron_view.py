from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.daron_view_phase import DaronViewPhase
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.daron_brawl_view import DaronBrawlView
  from ..models.daron_duel_view import DaronDuelView





T = TypeVar("T", bound="DaronView")



@_attrs_define
class DaronView:
    """ A daron table as one viewer may see it.

        Attributes:
            hand (list[str]):
            hand_sizes (list[int]):
            hands (list[list[str]] | None):
            top (int | None):
            discard_size (int):
            draw_size (int):
            duel_pile (list[str]):
            brawl_size (int):
            direction (int):
            to_act (int):
            phase (DaronViewPhase):
            duel (DaronDuelView | None):
            brawl (DaronBrawlView | None):
            round_ (int):
            scores (list[int]):
            drawn (None | str | Unset):
     """

    hand: list[str]
    hand_sizes: list[int]
    hands: list[list[str]] | None
    top: int | None
    discard_size: int
    draw_size: int
    duel_pile: list[str]
    brawl_size: int
    direction: int
    to_act: int
    phase: DaronViewPhase
    duel: DaronDuelView | None
    brawl: DaronBrawlView | None
    round_: int
    scores: list[int]
    drawn: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.daron_brawl_view import DaronBrawlView # noqa: PLC0415
        from ..models.daron_duel_view import DaronDuelView # noqa: PLC0415
        hand = self.hand



        hand_sizes = self.hand_sizes



        hands: list[list[str]] | None
        if isinstance(self.hands, list):
            hands = []
            for hands_type_0_item_data in self.hands:
                hands_type_0_item = hands_type_0_item_data


                hands.append(hands_type_0_item)


        else:
            hands = self.hands

        top: int | None
        top = self.top

        discard_size = self.discard_size

        draw_size = self.draw_size

        duel_pile = self.duel_pile



        brawl_size = self.brawl_size

        direction = self.direction

        to_act = self.to_act

        phase = self.phase.value

        duel: dict[str, Any] | None
        if isinstance(self.duel, DaronDuelView):
            duel = self.duel.to_dict()
        else:
            duel = self.duel

        brawl: dict[str, Any] | None
        if isinstance(self.brawl, DaronBrawlView):
            brawl = self.brawl.to_dict()
        else:
            brawl = self.brawl

        round_ = self.round_

        scores = self.scores



        drawn: None | str | Unset
        if isinstance(self.drawn, Unset):
            drawn = UNSET
        else:
            drawn = self.drawn


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "hand": hand,
            "hand_sizes": hand_sizes,
            "hands": hands,
            "top": top,
            "discard_size": discard_size,
            "draw_size": draw_size,
            "duel_pile": duel_pile,
            "brawl_size": brawl_size,
            "direction": direction,
            "to_act": to_act,
            "phase": phase,
            "duel": duel,
            "brawl": brawl,
            "round": round_,
            "scores": scores,
        })
        if drawn is not UNSET:
            field_dict["drawn"] = drawn

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.daron_brawl_view import DaronBrawlView # noqa: PLC0415
        from ..models.daron_duel_view import DaronDuelView # noqa: PLC0415
        d = dict(src_dict)
        hand = cast(list[str], d.pop("hand"))


        hand_sizes = cast(list[int], d.pop("hand_sizes"))


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


        def _parse_top(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        top = _parse_top(d.pop("top"))


        discard_size = d.pop("discard_size")

        draw_size = d.pop("draw_size")

        duel_pile = cast(list[str], d.pop("duel_pile"))


        brawl_size = d.pop("brawl_size")

        direction = d.pop("direction")

        to_act = d.pop("to_act")

        phase = DaronViewPhase(d.pop("phase"))




        def _parse_duel(data: object) -> DaronDuelView | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                duel_type_0 = DaronDuelView.from_dict(data)



                return duel_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DaronDuelView | None, data)

        duel = _parse_duel(d.pop("duel"))


        def _parse_brawl(data: object) -> DaronBrawlView | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                brawl_type_0 = DaronBrawlView.from_dict(data)



                return brawl_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DaronBrawlView | None, data)

        brawl = _parse_brawl(d.pop("brawl"))


        round_ = d.pop("round")

        scores = cast(list[int], d.pop("scores"))


        def _parse_drawn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        drawn = _parse_drawn(d.pop("drawn", UNSET))


        daron_view = cls(
            hand=hand,
            hand_sizes=hand_sizes,
            hands=hands,
            top=top,
            discard_size=discard_size,
            draw_size=draw_size,
            duel_pile=duel_pile,
            brawl_size=brawl_size,
            direction=direction,
            to_act=to_act,
            phase=phase,
            duel=duel,
            brawl=brawl,
            round_=round_,
            scores=scores,
            drawn=drawn,
        )


        daron_view.additional_properties = d
        return daron_view

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
