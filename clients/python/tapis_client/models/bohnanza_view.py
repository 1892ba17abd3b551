from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bohnanza_view_phase import BohnanzaViewPhase
from typing import cast

if TYPE_CHECKING:
  from ..models.bohnanza_field import BohnanzaField
  from ..models.bohnanza_trade_view import BohnanzaTradeView





T = TypeVar("T", bound="BohnanzaView")



@_attrs_define
class BohnanzaView:
    """ A bohnanza table as one viewer may see it.

        Attributes:
            hand (list[str]):
            hands (list[list[str]] | None):
            hand_sizes (list[int]):
            fields (list[list[BohnanzaField | None]]):
            face_up (list[str]):
            pending (list[list[str]]):
            coins (list[int]):
            deck_size (int):
            discard_size (int):
            discard_top (None | str):
            exhaustions (int):
            ending (bool):
            active (int):
            phase (BohnanzaViewPhase):
            planted (int):
            trades (list[BohnanzaTradeView]):
            proposals (int):
            field_price (int):
            winners (list[int]):
     """

    hand: list[str]
    hands: list[list[str]] | None
    hand_sizes: list[int]
    fields: list[list[BohnanzaField | None]]
    face_up: list[str]
    pending: list[list[str]]
    coins: list[int]
    deck_size: int
    discard_size: int
    discard_top: None | str
    exhaustions: int
    ending: bool
    active: int
    phase: BohnanzaViewPhase
    planted: int
    trades: list[BohnanzaTradeView]
    proposals: int
    field_price: int
    winners: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.bohnanza_field import BohnanzaField # noqa: PLC0415
        from ..models.bohnanza_trade_view import BohnanzaTradeView # noqa: PLC0415
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



        fields = []
        for fields_item_data in self.fields:
            fields_item = []
            for fields_item_item_data in fields_item_data:
                fields_item_item: dict[str, Any] | None
                if isinstance(fields_item_item_data, BohnanzaField):
                    fields_item_item = fields_item_item_data.to_dict()
                else:
                    fields_item_item = fields_item_item_data
                fields_item.append(fields_item_item)


            fields.append(fields_item)



        face_up = self.face_up



        pending = []
        for pending_item_data in self.pending:
            pending_item = pending_item_data


            pending.append(pending_item)



        coins = self.coins



        deck_size = self.deck_size

        discard_size = self.discard_size

        discard_top: None | str
        discard_top = self.discard_top

        exhaustions = self.exhaustions

        ending = self.ending

        active = self.active

        phase = self.phase.value

        planted = self.planted

        trades = []
        for trades_item_data in self.trades:
            trades_item = trades_item_data.to_dict()
            trades.append(trades_item)



        proposals = self.proposals

        field_price = self.field_price

        winners = self.winners




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "hand": hand,
            "hands": hands,
            "hand_sizes": hand_sizes,
            "fields": fields,
            "face_up": face_up,
            "pending": pending,
            "coins": coins,
            "deck_size": deck_size,
            "discard_size": discard_size,
            "discard_top": discard_top,
            "exhaustions": exhaustions,
            "ending": ending,
            "active": active,
            "phase": phase,
            "planted": planted,
            "trades": trades,
            "proposals": proposals,
            "field_price": field_price,
            "winners": winners,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bohnanza_field import BohnanzaField # noqa: PLC0415
        from ..models.bohnanza_trade_view import BohnanzaTradeView # noqa: PLC0415
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


        fields = []
        _fields = d.pop("fields")
        for fields_item_data in (_fields):
            fields_item = []
            _fields_item = fields_item_data
            for fields_item_item_data in (_fields_item):
                def _parse_fields_item_item(data: object) -> BohnanzaField | None:
                    if data is None:
                        return data
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        fields_item_item_type_0 = BohnanzaField.from_dict(data)



                        return fields_item_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(BohnanzaField | None, data)

                fields_item_item = _parse_fields_item_item(fields_item_item_data)

                fields_item.append(fields_item_item)

            fields.append(fields_item)


        face_up = cast(list[str], d.pop("face_up"))


        pending = []
        _pending = d.pop("pending")
        for pending_item_data in (_pending):
            pending_item = cast(list[str], pending_item_data)

            pending.append(pending_item)


        coins = cast(list[int], d.pop("coins"))


        deck_size = d.pop("deck_size")

        discard_size = d.pop("discard_size")

        def _parse_discard_top(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        discard_top = _parse_discard_top(d.pop("discard_top"))


        exhaustions = d.pop("exhaustions")

        ending = d.pop("ending")

        active = d.pop("active")

        phase = BohnanzaViewPhase(d.pop("phase"))




        planted = d.pop("planted")

        trades = []
        _trades = d.pop("trades")
        for trades_item_data in (_trades):
            trades_item = BohnanzaTradeView.from_dict(trades_item_data)



            trades.append(trades_item)


        proposals = d.pop("proposals")

        field_price = d.pop("field_price")

        winners = cast(list[int], d.pop("winners"))


        bohnanza_view = cls(
            hand=hand,
            hands=hands,
            hand_sizes=hand_sizes,
            fields=fields,
            face_up=face_up,
            pending=pending,
            coins=coins,
            deck_size=deck_size,
            discard_size=discard_size,
            discard_top=discard_top,
            exhaustions=exhaustions,
            ending=ending,
            active=active,
            phase=phase,
            planted=planted,
            trades=trades,
            proposals=proposals,
            field_price=field_price,
            winners=winners,
        )


        bohnanza_view.additional_properties = d
        return bohnanza_view

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
