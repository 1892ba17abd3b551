from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.audit_check import AuditCheck
  from ..models.barbu_view import BarbuView
  from ..models.bohnanza_view import BohnanzaView
  from ..models.daron_view import DaronView
  from ..models.le_baron_view import LeBaronView
  from ..models.six_nimmt_view import SixNimmtView





T = TypeVar("T", bound="AuditReport")



@_attrs_define
class AuditReport:
    """ 
        Attributes:
            game_id (str):
            game (str):
            ok (bool):
            seed (str):
            seed_commitment (str):
            version (int):
            scores (list[int]):
            winners (list[int]):
            final_state (BarbuView | BohnanzaView | DaronView | LeBaronView | None | SixNimmtView): the game's own view
                (rules per game)
            checks (list[AuditCheck]):
            dealing (int | Unset):  Default: 1.
            seed_source (str | Unset):  Default: 'server'.
            chain_head (None | str | Unset):
            fair (bool | Unset):  Default: False.
            fairness (str | Unset):  Default: 'server'.
     """

    game_id: str
    game: str
    ok: bool
    seed: str
    seed_commitment: str
    version: int
    scores: list[int]
    winners: list[int]
    final_state: BarbuView | BohnanzaView | DaronView | LeBaronView | None | SixNimmtView
    checks: list[AuditCheck]
    dealing: int | Unset = 1
    seed_source: str | Unset = 'server'
    chain_head: None | str | Unset = UNSET
    fair: bool | Unset = False
    fairness: str | Unset = 'server'
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.audit_check import AuditCheck # noqa: PLC0415
        from ..models.barbu_view import BarbuView # noqa: PLC0415
        from ..models.bohnanza_view import BohnanzaView # noqa: PLC0415
        from ..models.daron_view import DaronView # noqa: PLC0415
        from ..models.le_baron_view import LeBaronView # noqa: PLC0415
        from ..models.six_nimmt_view import SixNimmtView # noqa: PLC0415
        game_id = self.game_id

        game = self.game

        ok = self.ok

        seed = self.seed

        seed_commitment = self.seed_commitment

        version = self.version

        scores = self.scores



        winners = self.winners



        final_state: dict[str, Any] | None
        if isinstance(self.final_state, SixNimmtView):
            final_state = self.final_state.to_dict()
        elif isinstance(self.final_state, LeBaronView):
            final_state = self.final_state.to_dict()
        elif isinstance(self.final_state, BarbuView):
            final_state = self.final_state.to_dict()
        elif isinstance(self.final_state, BohnanzaView):
            final_state = self.final_state.to_dict()
        elif isinstance(self.final_state, DaronView):
            final_state = self.final_state.to_dict()
        else:
            final_state = self.final_state

        checks = []
        for checks_item_data in self.checks:
            checks_item = checks_item_data.to_dict()
            checks.append(checks_item)



        dealing = self.dealing

        seed_source = self.seed_source

        chain_head: None | str | Unset
        if isinstance(self.chain_head, Unset):
            chain_head = UNSET
        else:
            chain_head = self.chain_head

        fair = self.fair

        fairness = self.fairness


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "game_id": game_id,
            "game": game,
            "ok": ok,
            "seed": seed,
            "seed_commitment": seed_commitment,
            "version": version,
            "scores": scores,
            "winners": winners,
            "final_state": final_state,
            "checks": checks,
        })
        if dealing is not UNSET:
            field_dict["dealing"] = dealing
        if seed_source is not UNSET:
            field_dict["seed_source"] = seed_source
        if chain_head is not UNSET:
            field_dict["chain_head"] = chain_head
        if fair is not UNSET:
            field_dict["fair"] = fair
        if fairness is not UNSET:
            field_dict["fairness"] = fairness

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_check import AuditCheck # noqa: PLC0415
        from ..models.barbu_view import BarbuView # noqa: PLC0415
        from ..models.bohnanza_view import BohnanzaView # noqa: PLC0415
        from ..models.daron_view import DaronView # noqa: PLC0415
        from ..models.le_baron_view import LeBaronView # noqa: PLC0415
        from ..models.six_nimmt_view import SixNimmtView # noqa: PLC0415
        d = dict(src_dict)
        game_id = d.pop("game_id")

        game = d.pop("game")

        ok = d.pop("ok")

        seed = d.pop("seed")

        seed_commitment = d.pop("seed_commitment")

        version = d.pop("version")

        scores = cast(list[int], d.pop("scores"))


        winners = cast(list[int], d.pop("winners"))


        def _parse_final_state(data: object) -> BarbuView | BohnanzaView | DaronView | LeBaronView | None | SixNimmtView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                final_state_type_0 = SixNimmtView.from_dict(data)



                return final_state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                final_state_type_1 = LeBaronView.from_dict(data)



                return final_state_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                final_state_type_2 = BarbuView.from_dict(data)



                return final_state_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                final_state_type_3 = BohnanzaView.from_dict(data)



                return final_state_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                final_state_type_4 = DaronView.from_dict(data)



                return final_state_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BarbuView | BohnanzaView | DaronView | LeBaronView | None | SixNimmtView, data)

        final_state = _parse_final_state(d.pop("final_state"))


        checks = []
        _checks = d.pop("checks")
        for checks_item_data in (_checks):
            checks_item = AuditCheck.from_dict(checks_item_data)



            checks.append(checks_item)


        dealing = d.pop("dealing", UNSET)

        seed_source = d.pop("seed_source", UNSET)

        def _parse_chain_head(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chain_head = _parse_chain_head(d.pop("chain_head", UNSET))


        fair = d.pop("fair", UNSET)

        fairness = d.pop("fairness", UNSET)

        audit_report = cls(
            game_id=game_id,
            game=game,
            ok=ok,
            seed=seed,
            seed_commitment=seed_commitment,
            version=version,
            scores=scores,
            winners=winners,
            final_state=final_state,
            checks=checks,
            dealing=dealing,
            seed_source=seed_source,
            chain_head=chain_head,
            fair=fair,
            fairness=fairness,
        )


        audit_report.additional_properties = d
        return audit_report

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
