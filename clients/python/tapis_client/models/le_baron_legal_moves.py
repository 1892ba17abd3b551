from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.le_baron_legal_moves_game import LeBaronLegalMovesGame
from typing import cast

if TYPE_CHECKING:
  from ..models.le_baron_choose_row import LeBaronChooseRow
  from ..models.le_baron_play_card import LeBaronPlayCard





T = TypeVar("T", bound="LeBaronLegalMoves")



@_attrs_define
class LeBaronLegalMoves:
    """ 
        Attributes:
            version (int):
            seat (int):
            moves (list[LeBaronChooseRow | LeBaronPlayCard]):
            game (LeBaronLegalMovesGame):
     """

    version: int
    seat: int
    moves: list[LeBaronChooseRow | LeBaronPlayCard]
    game: LeBaronLegalMovesGame
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.le_baron_choose_row import LeBaronChooseRow # noqa: PLC0415
        from ..models.le_baron_play_card import LeBaronPlayCard # noqa: PLC0415
        version = self.version

        seat = self.seat

        moves = []
        for moves_item_data in self.moves:
            moves_item: dict[str, Any]
            if isinstance(moves_item_data, LeBaronPlayCard):
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
        from ..models.le_baron_choose_row import LeBaronChooseRow # noqa: PLC0415
        from ..models.le_baron_play_card import LeBaronPlayCard # noqa: PLC0415
        d = dict(src_dict)
        version = d.pop("version")

        seat = d.pop("seat")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in (_moves):
            def _parse_moves_item(data: object) -> LeBaronChooseRow | LeBaronPlayCard:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_le_baron_command_type_0 = LeBaronPlayCard.from_dict(data)



                    return componentsschemas_le_baron_command_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_le_baron_command_type_1 = LeBaronChooseRow.from_dict(data)



                return componentsschemas_le_baron_command_type_1

            moves_item = _parse_moves_item(moves_item_data)

            moves.append(moves_item)


        game = LeBaronLegalMovesGame(d.pop("game"))




        le_baron_legal_moves = cls(
            version=version,
            seat=seat,
            moves=moves,
            game=game,
        )


        le_baron_legal_moves.additional_properties = d
        return le_baron_legal_moves

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
