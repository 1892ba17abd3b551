from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_legal_moves_game import BohnanzaLegalMovesGame
from typing import cast

if TYPE_CHECKING:
  from ..models.bohnanza_accept_trade import BohnanzaAcceptTrade
  from ..models.bohnanza_buy_field import BohnanzaBuyField
  from ..models.bohnanza_decline_trade import BohnanzaDeclineTrade
  from ..models.bohnanza_end_trading import BohnanzaEndTrading
  from ..models.bohnanza_harvest import BohnanzaHarvest
  from ..models.bohnanza_plant import BohnanzaPlant
  from ..models.bohnanza_plant_pending import BohnanzaPlantPending
  from ..models.bohnanza_propose_trade import BohnanzaProposeTrade
  from ..models.bohnanza_turn_up import BohnanzaTurnUp
  from ..models.bohnanza_withdraw_trade import BohnanzaWithdrawTrade





T = TypeVar("T", bound="BohnanzaLegalMoves")



@_attrs_define
class BohnanzaLegalMoves:
    """ 
        Attributes:
            version (int):
            seat (int):
            moves (list[BohnanzaAcceptTrade | BohnanzaBuyField | BohnanzaDeclineTrade | BohnanzaEndTrading | BohnanzaHarvest
                | BohnanzaPlant | BohnanzaPlantPending | BohnanzaProposeTrade | BohnanzaTurnUp | BohnanzaWithdrawTrade]):
            game (BohnanzaLegalMovesGame):
     """

    version: int
    seat: int
    moves: list[BohnanzaAcceptTrade | BohnanzaBuyField | BohnanzaDeclineTrade | BohnanzaEndTrading | BohnanzaHarvest | BohnanzaPlant | BohnanzaPlantPending | BohnanzaProposeTrade | BohnanzaTurnUp | BohnanzaWithdrawTrade]
    game: BohnanzaLegalMovesGame
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.bohnanza_accept_trade import BohnanzaAcceptTrade # noqa: PLC0415
        from ..models.bohnanza_buy_field import BohnanzaBuyField # noqa: PLC0415
        from ..models.bohnanza_decline_trade import BohnanzaDeclineTrade # noqa: PLC0415
        from ..models.bohnanza_end_trading import BohnanzaEndTrading # noqa: PLC0415
        from ..models.bohnanza_harvest import BohnanzaHarvest # noqa: PLC0415
        from ..models.bohnanza_plant import BohnanzaPlant # noqa: PLC0415
        from ..models.bohnanza_plant_pending import BohnanzaPlantPending # noqa: PLC0415
        from ..models.bohnanza_propose_trade import BohnanzaProposeTrade # noqa: PLC0415
        from ..models.bohnanza_turn_up import BohnanzaTurnUp # noqa: PLC0415
        from ..models.bohnanza_withdraw_trade import BohnanzaWithdrawTrade # noqa: PLC0415
        version = self.version

        seat = self.seat

        moves = []
        for moves_item_data in self.moves:
            moves_item: dict[str, Any]
            if isinstance(moves_item_data, BohnanzaPlant):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, BohnanzaTurnUp):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, BohnanzaProposeTrade):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, BohnanzaAcceptTrade):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, BohnanzaWithdrawTrade):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, BohnanzaDeclineTrade):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, BohnanzaEndTrading):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, BohnanzaPlantPending):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, BohnanzaHarvest):
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
        from ..models.bohnanza_accept_trade import BohnanzaAcceptTrade # noqa: PLC0415
        from ..models.bohnanza_buy_field import BohnanzaBuyField # noqa: PLC0415
        from ..models.bohnanza_decline_trade import BohnanzaDeclineTrade # noqa: PLC0415
        from ..models.bohnanza_end_trading import BohnanzaEndTrading # noqa: PLC0415
        from ..models.bohnanza_harvest import BohnanzaHarvest # noqa: PLC0415
        from ..models.bohnanza_plant import BohnanzaPlant # noqa: PLC0415
        from ..models.bohnanza_plant_pending import BohnanzaPlantPending # noqa: PLC0415
        from ..models.bohnanza_propose_trade import BohnanzaProposeTrade # noqa: PLC0415
        from ..models.bohnanza_turn_up import BohnanzaTurnUp # noqa: PLC0415
        from ..models.bohnanza_withdraw_trade import BohnanzaWithdrawTrade # noqa: PLC0415
        d = dict(src_dict)
        version = d.pop("version")

        seat = d.pop("seat")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in (_moves):
            def _parse_moves_item(data: object) -> BohnanzaAcceptTrade | BohnanzaBuyField | BohnanzaDeclineTrade | BohnanzaEndTrading | BohnanzaHarvest | BohnanzaPlant | BohnanzaPlantPending | BohnanzaProposeTrade | BohnanzaTurnUp | BohnanzaWithdrawTrade:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_bohnanza_command_type_0 = BohnanzaPlant.from_dict(data)



                    return componentsschemas_bohnanza_command_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_bohnanza_command_type_1 = BohnanzaTurnUp.from_dict(data)



                    return componentsschemas_bohnanza_command_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_bohnanza_command_type_2 = BohnanzaProposeTrade.from_dict(data)



                    return componentsschemas_bohnanza_command_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_bohnanza_command_type_3 = BohnanzaAcceptTrade.from_dict(data)



                    return componentsschemas_bohnanza_command_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_bohnanza_command_type_4 = BohnanzaWithdrawTrade.from_dict(data)



                    return componentsschemas_bohnanza_command_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_bohnanza_command_type_5 = BohnanzaDeclineTrade.from_dict(data)



                    return componentsschemas_bohnanza_command_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_bohnanza_command_type_6 = BohnanzaEndTrading.from_dict(data)



                    return componentsschemas_bohnanza_command_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_bohnanza_command_type_7 = BohnanzaPlantPending.from_dict(data)



                    return componentsschemas_bohnanza_command_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_bohnanza_command_type_8 = BohnanzaHarvest.from_dict(data)



                    return componentsschemas_bohnanza_command_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_bohnanza_command_type_9 = BohnanzaBuyField.from_dict(data)



                return componentsschemas_bohnanza_command_type_9

            moves_item = _parse_moves_item(moves_item_data)

            moves.append(moves_item)


        game = BohnanzaLegalMovesGame(d.pop("game"))




        bohnanza_legal_moves = cls(
            version=version,
            seat=seat,
            moves=moves,
            game=game,
        )


        bohnanza_legal_moves.additional_properties = d
        return bohnanza_legal_moves

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
