from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.daron_legal_moves_game import DaronLegalMovesGame
from typing import cast

if TYPE_CHECKING:
  from ..models.daron_accept import DaronAccept
  from ..models.daron_brawl import DaronBrawl
  from ..models.daron_deposit import DaronDeposit
  from ..models.daron_draw import DaronDraw
  from ..models.daron_duel import DaronDuel
  from ..models.daron_pass import DaronPass
  from ..models.daron_riposte import DaronRiposte





T = TypeVar("T", bound="DaronLegalMoves")



@_attrs_define
class DaronLegalMoves:
    """ 
        Attributes:
            version (int):
            seat (int):
            moves (list[DaronAccept | DaronBrawl | DaronDeposit | DaronDraw | DaronDuel | DaronPass | DaronRiposte]):
            game (DaronLegalMovesGame):
     """

    version: int
    seat: int
    moves: list[DaronAccept | DaronBrawl | DaronDeposit | DaronDraw | DaronDuel | DaronPass | DaronRiposte]
    game: DaronLegalMovesGame
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.daron_accept import DaronAccept # noqa: PLC0415
        from ..models.daron_brawl import DaronBrawl # noqa: PLC0415
        from ..models.daron_deposit import DaronDeposit # noqa: PLC0415
        from ..models.daron_draw import DaronDraw # noqa: PLC0415
        from ..models.daron_duel import DaronDuel # noqa: PLC0415
        from ..models.daron_pass import DaronPass # noqa: PLC0415
        from ..models.daron_riposte import DaronRiposte # noqa: PLC0415
        version = self.version

        seat = self.seat

        moves = []
        for moves_item_data in self.moves:
            moves_item: dict[str, Any]
            if isinstance(moves_item_data, DaronDeposit):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, DaronDraw):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, DaronPass):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, DaronDuel):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, DaronRiposte):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, DaronBrawl):
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
        from ..models.daron_accept import DaronAccept # noqa: PLC0415
        from ..models.daron_brawl import DaronBrawl # noqa: PLC0415
        from ..models.daron_deposit import DaronDeposit # noqa: PLC0415
        from ..models.daron_draw import DaronDraw # noqa: PLC0415
        from ..models.daron_duel import DaronDuel # noqa: PLC0415
        from ..models.daron_pass import DaronPass # noqa: PLC0415
        from ..models.daron_riposte import DaronRiposte # noqa: PLC0415
        d = dict(src_dict)
        version = d.pop("version")

        seat = d.pop("seat")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in (_moves):
            def _parse_moves_item(data: object) -> DaronAccept | DaronBrawl | DaronDeposit | DaronDraw | DaronDuel | DaronPass | DaronRiposte:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_daron_command_type_0 = DaronDeposit.from_dict(data)



                    return componentsschemas_daron_command_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_daron_command_type_1 = DaronDraw.from_dict(data)



                    return componentsschemas_daron_command_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_daron_command_type_2 = DaronPass.from_dict(data)



                    return componentsschemas_daron_command_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_daron_command_type_3 = DaronDuel.from_dict(data)



                    return componentsschemas_daron_command_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_daron_command_type_4 = DaronRiposte.from_dict(data)



                    return componentsschemas_daron_command_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_daron_command_type_5 = DaronBrawl.from_dict(data)



                    return componentsschemas_daron_command_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_daron_command_type_6 = DaronAccept.from_dict(data)



                return componentsschemas_daron_command_type_6

            moves_item = _parse_moves_item(moves_item_data)

            moves.append(moves_item)


        game = DaronLegalMovesGame(d.pop("game"))




        daron_legal_moves = cls(
            version=version,
            seat=seat,
            moves=moves,
            game=game,
        )


        daron_legal_moves.additional_properties = d
        return daron_legal_moves

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
