from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_view_fairness import GameViewFairness
from ..models.game_view_status import GameViewStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.barbu_view import BarbuView
  from ..models.bohnanza_view import BohnanzaView
  from ..models.daron_view import DaronView
  from ..models.game_view_options import GameViewOptions
  from ..models.le_baron_view import LeBaronView
  from ..models.seat_view import SeatView
  from ..models.six_nimmt_view import SixNimmtView





T = TypeVar("T", bound="GameView")



@_attrs_define
class GameView:
    """ 
        Attributes:
            game_id (str):
            game (str):
            status (GameViewStatus):
            version (int):
            players (list[SeatView]):
            you (int | None):
            awaiting (list[int]):
            scores (list[int]):
            winners (list[int]):
            options (GameViewOptions):
            seed_commitment (str):
            seed (None | str):
            state (BarbuView | BohnanzaView | DaronView | LeBaronView | None | SixNimmtView): the game's own view (rules per
                game)
            turn_seconds (int | None | Unset):
            rematch (None | str | Unset):
            dealing (int | Unset):  Default: 1.
            rules (int | Unset):  Default: 1.
            seed_source (str | Unset):  Default: 'server'.
            chain_head (None | str | Unset):
            private (bool | Unset):  Default: False.
            fairness (GameViewFairness | Unset):  Default: GameViewFairness.PENDING.
            imported (bool | Unset):  Default: False.
     """

    game_id: str
    game: str
    status: GameViewStatus
    version: int
    players: list[SeatView]
    you: int | None
    awaiting: list[int]
    scores: list[int]
    winners: list[int]
    options: GameViewOptions
    seed_commitment: str
    seed: None | str
    state: BarbuView | BohnanzaView | DaronView | LeBaronView | None | SixNimmtView
    turn_seconds: int | None | Unset = UNSET
    rematch: None | str | Unset = UNSET
    dealing: int | Unset = 1
    rules: int | Unset = 1
    seed_source: str | Unset = 'server'
    chain_head: None | str | Unset = UNSET
    private: bool | Unset = False
    fairness: GameViewFairness | Unset = GameViewFairness.PENDING
    imported: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.barbu_view import BarbuView # noqa: PLC0415
        from ..models.bohnanza_view import BohnanzaView # noqa: PLC0415
        from ..models.daron_view import DaronView # noqa: PLC0415
        from ..models.game_view_options import GameViewOptions # noqa: PLC0415
        from ..models.le_baron_view import LeBaronView # noqa: PLC0415
        from ..models.seat_view import SeatView # noqa: PLC0415
        from ..models.six_nimmt_view import SixNimmtView # noqa: PLC0415
        game_id = self.game_id

        game = self.game

        status = self.status.value

        version = self.version

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)



        you: int | None
        you = self.you

        awaiting = self.awaiting



        scores = self.scores



        winners = self.winners



        options = self.options.to_dict()

        seed_commitment = self.seed_commitment

        seed: None | str
        seed = self.seed

        state: dict[str, Any] | None
        if isinstance(self.state, SixNimmtView):
            state = self.state.to_dict()
        elif isinstance(self.state, LeBaronView):
            state = self.state.to_dict()
        elif isinstance(self.state, BarbuView):
            state = self.state.to_dict()
        elif isinstance(self.state, BohnanzaView):
            state = self.state.to_dict()
        elif isinstance(self.state, DaronView):
            state = self.state.to_dict()
        else:
            state = self.state

        turn_seconds: int | None | Unset
        if isinstance(self.turn_seconds, Unset):
            turn_seconds = UNSET
        else:
            turn_seconds = self.turn_seconds

        rematch: None | str | Unset
        if isinstance(self.rematch, Unset):
            rematch = UNSET
        else:
            rematch = self.rematch

        dealing = self.dealing

        rules = self.rules

        seed_source = self.seed_source

        chain_head: None | str | Unset
        if isinstance(self.chain_head, Unset):
            chain_head = UNSET
        else:
            chain_head = self.chain_head

        private = self.private

        fairness: str | Unset = UNSET
        if not isinstance(self.fairness, Unset):
            fairness = self.fairness.value


        imported = self.imported


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "game": game,
            "status": status,
            "version": version,
            "players": players,
            "you": you,
            "awaiting": awaiting,
            "scores": scores,
            "winners": winners,
            "options": options,
            "seed_commitment": seed_commitment,
            "seed": seed,
            "state": state,
        })
        if turn_seconds is not UNSET:
            field_dict["turn_seconds"] = turn_seconds
        if rematch is not UNSET:
            field_dict["rematch"] = rematch
        if dealing is not UNSET:
            field_dict["dealing"] = dealing
        if rules is not UNSET:
            field_dict["rules"] = rules
        if seed_source is not UNSET:
            field_dict["seed_source"] = seed_source
        if chain_head is not UNSET:
            field_dict["chain_head"] = chain_head
        if private is not UNSET:
            field_dict["private"] = private
        if fairness is not UNSET:
            field_dict["fairness"] = fairness
        if imported is not UNSET:
            field_dict["imported"] = imported

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.barbu_view import BarbuView # noqa: PLC0415
        from ..models.bohnanza_view import BohnanzaView # noqa: PLC0415
        from ..models.daron_view import DaronView # noqa: PLC0415
        from ..models.game_view_options import GameViewOptions # noqa: PLC0415
        from ..models.le_baron_view import LeBaronView # noqa: PLC0415
        from ..models.seat_view import SeatView # noqa: PLC0415
        from ..models.six_nimmt_view import SixNimmtView # noqa: PLC0415
        d = dict(src_dict)
        game_id = d.pop("game_id")

        game = d.pop("game")

        status = GameViewStatus(d.pop("status"))




        version = d.pop("version")

        players = []
        _players = d.pop("players")
        for players_item_data in (_players):
            players_item = SeatView.from_dict(players_item_data)



            players.append(players_item)


        def _parse_you(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        you = _parse_you(d.pop("you"))


        awaiting = cast(list[int], d.pop("awaiting"))


        scores = cast(list[int], d.pop("scores"))


        winners = cast(list[int], d.pop("winners"))


        options = GameViewOptions.from_dict(d.pop("options"))




        seed_commitment = d.pop("seed_commitment")

        def _parse_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed = _parse_seed(d.pop("seed"))


        def _parse_state(data: object) -> BarbuView | BohnanzaView | DaronView | LeBaronView | None | SixNimmtView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_0 = SixNimmtView.from_dict(data)



                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_1 = LeBaronView.from_dict(data)



                return state_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_2 = BarbuView.from_dict(data)



                return state_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_3 = BohnanzaView.from_dict(data)



                return state_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_4 = DaronView.from_dict(data)



                return state_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BarbuView | BohnanzaView | DaronView | LeBaronView | None | SixNimmtView, data)

        state = _parse_state(d.pop("state"))


        def _parse_turn_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_seconds = _parse_turn_seconds(d.pop("turn_seconds", UNSET))


        def _parse_rematch(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rematch = _parse_rematch(d.pop("rematch", UNSET))


        dealing = d.pop("dealing", UNSET)

        rules = d.pop("rules", UNSET)

        seed_source = d.pop("seed_source", UNSET)

        def _parse_chain_head(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chain_head = _parse_chain_head(d.pop("chain_head", UNSET))


        private = d.pop("private", UNSET)

        _fairness = d.pop("fairness", UNSET)
        fairness: GameViewFairness | Unset
        if isinstance(_fairness,  Unset):
            fairness = UNSET
        else:
            fairness = GameViewFairness(_fairness)




        imported = d.pop("imported", UNSET)

        game_view = cls(
            game_id=game_id,
            game=game,
            status=status,
            version=version,
            players=players,
            you=you,
            awaiting=awaiting,
            scores=scores,
            winners=winners,
            options=options,
            seed_commitment=seed_commitment,
            seed=seed,
            state=state,
            turn_seconds=turn_seconds,
            rematch=rematch,
            dealing=dealing,
            rules=rules,
            seed_source=seed_source,
            chain_head=chain_head,
            private=private,
            fairness=fairness,
            imported=imported,
        )


        game_view.additional_properties = d
        return game_view

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
