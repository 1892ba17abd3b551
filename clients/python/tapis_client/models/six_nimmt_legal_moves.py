from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.six_nimmt_legal_moves_game import SixNimmtLegalMovesGame
from typing import cast

if TYPE_CHECKING:
  from ..models.six_nimmt_choose_row import SixNimmtChooseRow
  from ..models.six_nimmt_draft_card import SixNimmtDraftCard
  from ..models.six_nimmt_play_card import SixNimmtPlayCard





T = TypeVar("T", bound="SixNimmtLegalMoves")



@_attrs_define
class SixNimmtLegalMoves:
    """ 
        Attributes:
            version (int):
            seat (int):
            moves (list[SixNimmtChooseRow | SixNimmtDraftCard | SixNimmtPlayCard]):
            game (SixNimmtLegalMovesGame):
     """

    version: int
    seat: int
    moves: list[SixNimmtChooseRow | SixNimmtDraftCard | SixNimmtPlayCard]
    game: SixNimmtLegalMovesGame
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.six_nimmt_choose_row import SixNimmtChooseRow # noqa: PLC0415
        from ..models.six_nimmt_draft_card import SixNimmtDraftCard # noqa: PLC0415
        from ..models.six_nimmt_play_card import SixNimmtPlayCard # noqa: PLC0415
        version = self.version

        seat = self.seat

        moves = []
        for moves_item_data in self.moves:
            moves_item: dict[str, Any]
            if isinstance(moves_item_data, SixNimmtPlayCard):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, SixNimmtChooseRow):
                moves_item = moves_item_data.to_dict()
            else:
                moves_item = moves_item_data.to_dict()

            moves.append(moves_item)



        game = self.game.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "version": version,
            "seat": seat,
            "moves": moves,
            "game": game,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.six_nimmt_choose_row import SixNimmtChooseRow # noqa: PLC0415
        from ..models.six_nimmt_draft_card import SixNimmtDraftCard # noqa: PLC0415
        from ..models.six_nimmt_play_card import SixNimmtPlayCard # noqa: PLC0415
        d = dict(src_dict)
        version = d.pop("version")

        seat = d.pop("seat")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in (_moves):
            def _parse_moves_item(data: object) -> SixNimmtChooseRow | SixNimmtDraftCard | SixNimmtPlayCard:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_six_nimmt_command_type_0 = SixNimmtPlayCard.from_dict(data)



                    return componentsschemas_six_nimmt_command_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_six_nimmt_command_type_1 = SixNimmtChooseRow.from_dict(data)



                    return componentsschemas_six_nimmt_command_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_six_nimmt_command_type_2 = SixNimmtDraftCard.from_dict(data)



                return componentsschemas_six_nimmt_command_type_2

            moves_item = _parse_moves_item(moves_item_data)

            moves.append(moves_item)


        game = SixNimmtLegalMovesGame(d.pop("game"))




        six_nimmt_legal_moves = cls(
            version=version,
            seat=seat,
            moves=moves,
            game=game,
        )


        six_nimmt_legal_moves.additional_properties = d
        return six_nimmt_legal_moves

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
