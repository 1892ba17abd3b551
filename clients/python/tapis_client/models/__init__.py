""" Contains all the data models used in inputs/outputs """

from .attempt import Attempt
from .audit_check import AuditCheck
from .audit_report import AuditReport
from .barbu_card_laid import BarbuCardLaid
from .barbu_card_played import BarbuCardPlayed
from .barbu_card_played_type import BarbuCardPlayedType
from .barbu_cards_dealt import BarbuCardsDealt
from .barbu_cards_dealt_type import BarbuCardsDealtType
from .barbu_choose_contract import BarbuChooseContract
from .barbu_choose_contract_type import BarbuChooseContractType
from .barbu_contract_chosen import BarbuContractChosen
from .barbu_contract_chosen_type import BarbuContractChosenType
from .barbu_extra_play_offered import BarbuExtraPlayOffered
from .barbu_extra_play_offered_type import BarbuExtraPlayOfferedType
from .barbu_legal_moves import BarbuLegalMoves
from .barbu_legal_moves_game import BarbuLegalMovesGame
from .barbu_pass import BarbuPass
from .barbu_pass_type import BarbuPassType
from .barbu_passed import BarbuPassed
from .barbu_passed_type import BarbuPassedType
from .barbu_play_card import BarbuPlayCard
from .barbu_play_card_type import BarbuPlayCardType
from .barbu_round_scored import BarbuRoundScored
from .barbu_round_scored_reason import BarbuRoundScoredReason
from .barbu_round_scored_type import BarbuRoundScoredType
from .barbu_trick_won import BarbuTrickWon
from .barbu_trick_won_type import BarbuTrickWonType
from .barbu_view import BarbuView
from .barbu_view_lines import BarbuViewLines
from .barbu_view_phase import BarbuViewPhase
from .barbu_went_out import BarbuWentOut
from .barbu_went_out_type import BarbuWentOutType
from .bohnanza_accept_trade import BohnanzaAcceptTrade
from .bohnanza_accept_trade_type import BohnanzaAcceptTradeType
from .bohnanza_bean_planted import BohnanzaBeanPlanted
from .bohnanza_bean_planted_type import BohnanzaBeanPlantedType
from .bohnanza_buy_field import BohnanzaBuyField
from .bohnanza_buy_field_type import BohnanzaBuyFieldType
from .bohnanza_cards_dealt import BohnanzaCardsDealt
from .bohnanza_cards_dealt_type import BohnanzaCardsDealtType
from .bohnanza_cards_drawn import BohnanzaCardsDrawn
from .bohnanza_cards_drawn_type import BohnanzaCardsDrawnType
from .bohnanza_cards_turned_up import BohnanzaCardsTurnedUp
from .bohnanza_cards_turned_up_type import BohnanzaCardsTurnedUpType
from .bohnanza_deck_exhausted import BohnanzaDeckExhausted
from .bohnanza_deck_exhausted_type import BohnanzaDeckExhaustedType
from .bohnanza_deck_reshuffled import BohnanzaDeckReshuffled
from .bohnanza_deck_reshuffled_type import BohnanzaDeckReshuffledType
from .bohnanza_decline_trade import BohnanzaDeclineTrade
from .bohnanza_decline_trade_type import BohnanzaDeclineTradeType
from .bohnanza_end_trading import BohnanzaEndTrading
from .bohnanza_end_trading_type import BohnanzaEndTradingType
from .bohnanza_field import BohnanzaField
from .bohnanza_field_bought import BohnanzaFieldBought
from .bohnanza_field_bought_type import BohnanzaFieldBoughtType
from .bohnanza_field_harvested import BohnanzaFieldHarvested
from .bohnanza_field_harvested_type import BohnanzaFieldHarvestedType
from .bohnanza_game_finished import BohnanzaGameFinished
from .bohnanza_game_finished_type import BohnanzaGameFinishedType
from .bohnanza_harvest import BohnanzaHarvest
from .bohnanza_harvest_type import BohnanzaHarvestType
from .bohnanza_legal_moves import BohnanzaLegalMoves
from .bohnanza_legal_moves_game import BohnanzaLegalMovesGame
from .bohnanza_plant import BohnanzaPlant
from .bohnanza_plant_pending import BohnanzaPlantPending
from .bohnanza_plant_pending_type import BohnanzaPlantPendingType
from .bohnanza_plant_type import BohnanzaPlantType
from .bohnanza_propose_trade import BohnanzaProposeTrade
from .bohnanza_propose_trade_type import BohnanzaProposeTradeType
from .bohnanza_propose_trade_want import BohnanzaProposeTradeWant
from .bohnanza_trade_accepted import BohnanzaTradeAccepted
from .bohnanza_trade_accepted_type import BohnanzaTradeAcceptedType
from .bohnanza_trade_cancelled import BohnanzaTradeCancelled
from .bohnanza_trade_cancelled_reason import BohnanzaTradeCancelledReason
from .bohnanza_trade_cancelled_type import BohnanzaTradeCancelledType
from .bohnanza_trade_proposed import BohnanzaTradeProposed
from .bohnanza_trade_proposed_type import BohnanzaTradeProposedType
from .bohnanza_trade_proposed_want import BohnanzaTradeProposedWant
from .bohnanza_trade_view import BohnanzaTradeView
from .bohnanza_trade_view_want import BohnanzaTradeViewWant
from .bohnanza_trading_ended import BohnanzaTradingEnded
from .bohnanza_trading_ended_type import BohnanzaTradingEndedType
from .bohnanza_turn_started import BohnanzaTurnStarted
from .bohnanza_turn_started_type import BohnanzaTurnStartedType
from .bohnanza_turn_up import BohnanzaTurnUp
from .bohnanza_turn_up_type import BohnanzaTurnUpType
from .bohnanza_view import BohnanzaView
from .bohnanza_view_phase import BohnanzaViewPhase
from .bohnanza_withdraw_trade import BohnanzaWithdrawTrade
from .bohnanza_withdraw_trade_type import BohnanzaWithdrawTradeType
from .bot_took_over import BotTookOver
from .bot_took_over_type import BotTookOverType
from .catalog import Catalog
from .catalog_detail import CatalogDetail
from .catalog_detail_data import CatalogDetailData
from .catalog_detail_options import CatalogDetailOptions
from .catalog_detail_options_schema import CatalogDetailOptionsSchema
from .catalog_entry import CatalogEntry
from .catalog_entry_options import CatalogEntryOptions
from .catalog_entry_options_schema import CatalogEntryOptionsSchema
from .checks import Checks
from .command_accepted import CommandAccepted
from .command_accepted_type import CommandAcceptedType
from .command_result import CommandResult
from .commit import Commit
from .commit_action import CommitAction
from .commit_entropy import CommitEntropy
from .create_game import CreateGame
from .create_game_options_type_0 import CreateGameOptionsType0
from .create_webhook import CreateWebhook
from .daron_accept import DaronAccept
from .daron_accept_type import DaronAcceptType
from .daron_brawl import DaronBrawl
from .daron_brawl_joined import DaronBrawlJoined
from .daron_brawl_joined_type import DaronBrawlJoinedType
from .daron_brawl_lost import DaronBrawlLost
from .daron_brawl_lost_type import DaronBrawlLostType
from .daron_brawl_started import DaronBrawlStarted
from .daron_brawl_started_type import DaronBrawlStartedType
from .daron_brawl_type import DaronBrawlType
from .daron_brawl_view import DaronBrawlView
from .daron_cards_dealt import DaronCardsDealt
from .daron_cards_dealt_type import DaronCardsDealtType
from .daron_cards_deposited import DaronCardsDeposited
from .daron_cards_deposited_type import DaronCardsDepositedType
from .daron_cards_drawn import DaronCardsDrawn
from .daron_cards_drawn_reason import DaronCardsDrawnReason
from .daron_cards_drawn_type import DaronCardsDrawnType
from .daron_deposit import DaronDeposit
from .daron_deposit_type import DaronDepositType
from .daron_direction_reversed import DaronDirectionReversed
from .daron_direction_reversed_type import DaronDirectionReversedType
from .daron_draw import DaronDraw
from .daron_draw_type import DaronDrawType
from .daron_duel import DaronDuel
from .daron_duel_lost import DaronDuelLost
from .daron_duel_lost_type import DaronDuelLostType
from .daron_duel_riposted import DaronDuelRiposted
from .daron_duel_riposted_type import DaronDuelRipostedType
from .daron_duel_started import DaronDuelStarted
from .daron_duel_started_type import DaronDuelStartedType
from .daron_duel_type import DaronDuelType
from .daron_duel_view import DaronDuelView
from .daron_legal_moves import DaronLegalMoves
from .daron_legal_moves_game import DaronLegalMovesGame
from .daron_pass import DaronPass
from .daron_pass_type import DaronPassType
from .daron_passed import DaronPassed
from .daron_passed_type import DaronPassedType
from .daron_riposte import DaronRiposte
from .daron_riposte_type import DaronRiposteType
from .daron_round_blocked import DaronRoundBlocked
from .daron_round_blocked_type import DaronRoundBlockedType
from .daron_round_won import DaronRoundWon
from .daron_round_won_type import DaronRoundWonType
from .daron_turn_started import DaronTurnStarted
from .daron_turn_started_type import DaronTurnStartedType
from .daron_view import DaronView
from .daron_view_phase import DaronViewPhase
from .deck_shuffled import DeckShuffled
from .deck_shuffled_type import DeckShuffledType
from .delivery import Delivery
from .delivery_log import DeliveryLog
from .entropy_committed import EntropyCommitted
from .entropy_committed_type import EntropyCommittedType
from .entropy_revealed import EntropyRevealed
from .entropy_revealed_type import EntropyRevealedType
from .error import Error
from .error_error import ErrorError
from .event_out import EventOut
from .event_out_data import EventOutData
from .events_page import EventsPage
from .expire import Expire
from .expire_action import ExpireAction
from .export_document import ExportDocument
from .export_document_options import ExportDocumentOptions
from .exported_event import ExportedEvent
from .exported_event_metadata import ExportedEventMetadata
from .forfeit import Forfeit
from .forfeit_action import ForfeitAction
from .game_created import GameCreated
from .game_created_body import GameCreatedBody
from .game_created_body_options import GameCreatedBodyOptions
from .game_created_options import GameCreatedOptions
from .game_created_type import GameCreatedType
from .game_ended import GameEnded
from .game_ended_type import GameEndedType
from .game_list import GameList
from .game_started import GameStarted
from .game_started_type import GameStartedType
from .game_summary import GameSummary
from .game_summary_status import GameSummaryStatus
from .game_view import GameView
from .game_view_fairness import GameViewFairness
from .game_view_options import GameViewOptions
from .game_view_status import GameViewStatus
from .get_game_catalog_game import GetGameCatalogGame
from .health import Health
from .join import Join
from .join_action import JoinAction
from .join_seat import JoinSeat
from .le_baron_card_placed import LeBaronCardPlaced
from .le_baron_card_placed_type import LeBaronCardPlacedType
from .le_baron_card_played import LeBaronCardPlayed
from .le_baron_card_played_type import LeBaronCardPlayedType
from .le_baron_card_slipped import LeBaronCardSlipped
from .le_baron_card_slipped_type import LeBaronCardSlippedType
from .le_baron_cards_dealt import LeBaronCardsDealt
from .le_baron_cards_dealt_type import LeBaronCardsDealtType
from .le_baron_cards_revealed import LeBaronCardsRevealed
from .le_baron_cards_revealed_type import LeBaronCardsRevealedType
from .le_baron_choose_row import LeBaronChooseRow
from .le_baron_choose_row_type import LeBaronChooseRowType
from .le_baron_hand_refilled import LeBaronHandRefilled
from .le_baron_hand_refilled_type import LeBaronHandRefilledType
from .le_baron_legal_moves import LeBaronLegalMoves
from .le_baron_legal_moves_game import LeBaronLegalMovesGame
from .le_baron_play_card import LeBaronPlayCard
from .le_baron_play_card_type import LeBaronPlayCardType
from .le_baron_revealed import LeBaronRevealed
from .le_baron_round_ended import LeBaronRoundEnded
from .le_baron_round_ended_type import LeBaronRoundEndedType
from .le_baron_row_choice_requested import LeBaronRowChoiceRequested
from .le_baron_row_choice_requested_reason import LeBaronRowChoiceRequestedReason
from .le_baron_row_choice_requested_type import LeBaronRowChoiceRequestedType
from .le_baron_row_taken import LeBaronRowTaken
from .le_baron_row_taken_reason import LeBaronRowTakenReason
from .le_baron_row_taken_type import LeBaronRowTakenType
from .le_baron_view import LeBaronView
from .le_baron_view_ask_reason_type_0 import LeBaronViewAskReasonType0
from .le_baron_view_phase import LeBaronViewPhase
from .leave import Leave
from .leave_action import LeaveAction
from .list_games_status import ListGamesStatus
from .live import Live
from .lobby_expired import LobbyExpired
from .lobby_expired_type import LobbyExpiredType
from .play import Play
from .play_action import PlayAction
from .player_joined import PlayerJoined
from .player_joined_type import PlayerJoinedType
from .player_left import PlayerLeft
from .player_left_type import PlayerLeftType
from .readiness import Readiness
from .rematch import Rematch
from .rematch_action import RematchAction
from .rematch_body import RematchBody
from .rematch_created import RematchCreated
from .rematch_created_type import RematchCreatedType
from .rematch_seat import RematchSeat
from .rematch_token import RematchToken
from .remove_seat import RemoveSeat
from .remove_seat_action import RemoveSeatAction
from .reveal import Reveal
from .reveal_action import RevealAction
from .reveal_entropy import RevealEntropy
from .seat_change import SeatChange
from .seat_forfeited import SeatForfeited
from .seat_forfeited_type import SeatForfeitedType
from .seat_taken import SeatTaken
from .seat_view import SeatView
from .six_nimmt_card_chosen import SixNimmtCardChosen
from .six_nimmt_card_chosen_type import SixNimmtCardChosenType
from .six_nimmt_card_drafted import SixNimmtCardDrafted
from .six_nimmt_card_drafted_type import SixNimmtCardDraftedType
from .six_nimmt_card_placed import SixNimmtCardPlaced
from .six_nimmt_card_placed_type import SixNimmtCardPlacedType
from .six_nimmt_cards_dealt import SixNimmtCardsDealt
from .six_nimmt_cards_dealt_type import SixNimmtCardsDealtType
from .six_nimmt_cards_revealed import SixNimmtCardsRevealed
from .six_nimmt_cards_revealed_type import SixNimmtCardsRevealedType
from .six_nimmt_choose_row import SixNimmtChooseRow
from .six_nimmt_choose_row_type import SixNimmtChooseRowType
from .six_nimmt_draft_card import SixNimmtDraftCard
from .six_nimmt_draft_card_type import SixNimmtDraftCardType
from .six_nimmt_draft_opened import SixNimmtDraftOpened
from .six_nimmt_draft_opened_type import SixNimmtDraftOpenedType
from .six_nimmt_legal_moves import SixNimmtLegalMoves
from .six_nimmt_legal_moves_game import SixNimmtLegalMovesGame
from .six_nimmt_play_card import SixNimmtPlayCard
from .six_nimmt_play_card_type import SixNimmtPlayCardType
from .six_nimmt_revealed import SixNimmtRevealed
from .six_nimmt_round_ended import SixNimmtRoundEnded
from .six_nimmt_round_ended_type import SixNimmtRoundEndedType
from .six_nimmt_row_choice_requested import SixNimmtRowChoiceRequested
from .six_nimmt_row_choice_requested_type import SixNimmtRowChoiceRequestedType
from .six_nimmt_row_taken import SixNimmtRowTaken
from .six_nimmt_row_taken_reason import SixNimmtRowTakenReason
from .six_nimmt_row_taken_type import SixNimmtRowTakenType
from .six_nimmt_rows_started import SixNimmtRowsStarted
from .six_nimmt_rows_started_type import SixNimmtRowsStartedType
from .six_nimmt_view import SixNimmtView
from .six_nimmt_view_phase import SixNimmtViewPhase
from .start import Start
from .start_action import StartAction
from .time_out import TimeOut
from .time_out_action import TimeOutAction
from .turn_timed_out import TurnTimedOut
from .turn_timed_out_type import TurnTimedOutType
from .webhook import Webhook
from .webhook_created import WebhookCreated
from .webhook_list import WebhookList

__all__ = (
    "Attempt",
    "AuditCheck",
    "AuditReport",
    "BarbuCardLaid",
    "BarbuCardPlayed",
    "BarbuCardPlayedType",
    "BarbuCardsDealt",
    "BarbuCardsDealtType",
    "BarbuChooseContract",
    "BarbuChooseContractType",
    "BarbuContractChosen",
    "BarbuContractChosenType",
    "BarbuExtraPlayOffered",
    "BarbuExtraPlayOfferedType",
    "BarbuLegalMoves",
    "BarbuLegalMovesGame",
    "BarbuPass",
    "BarbuPassed",
    "BarbuPassedType",
    "BarbuPassType",
    "BarbuPlayCard",
    "BarbuPlayCardType",
    "BarbuRoundScored",
    "BarbuRoundScoredReason",
    "BarbuRoundScoredType",
    "BarbuTrickWon",
    "BarbuTrickWonType",
    "BarbuView",
    "BarbuViewLines",
    "BarbuViewPhase",
    "BarbuWentOut",
    "BarbuWentOutType",
    "BohnanzaAcceptTrade",
    "BohnanzaAcceptTradeType",
    "BohnanzaBeanPlanted",
    "BohnanzaBeanPlantedType",
    "BohnanzaBuyField",
    "BohnanzaBuyFieldType",
    "BohnanzaCardsDealt",
    "BohnanzaCardsDealtType",
    "BohnanzaCardsDrawn",
    "BohnanzaCardsDrawnType",
    "BohnanzaCardsTurnedUp",
    "BohnanzaCardsTurnedUpType",
    "BohnanzaDeckExhausted",
    "BohnanzaDeckExhaustedType",
    "BohnanzaDeckReshuffled",
    "BohnanzaDeckReshuffledType",
    "BohnanzaDeclineTrade",
    "BohnanzaDeclineTradeType",
    "BohnanzaEndTrading",
    "BohnanzaEndTradingType",
    "BohnanzaField",
    "BohnanzaFieldBought",
    "BohnanzaFieldBoughtType",
    "BohnanzaFieldHarvested",
    "BohnanzaFieldHarvestedType",
    "BohnanzaGameFinished",
    "BohnanzaGameFinishedType",
    "BohnanzaHarvest",
    "BohnanzaHarvestType",
    "BohnanzaLegalMoves",
    "BohnanzaLegalMovesGame",
    "BohnanzaPlant",
    "BohnanzaPlantPending",
    "BohnanzaPlantPendingType",
    "BohnanzaPlantType",
    "BohnanzaProposeTrade",
    "BohnanzaProposeTradeType",
    "BohnanzaProposeTradeWant",
    "BohnanzaTradeAccepted",
    "BohnanzaTradeAcceptedType",
    "BohnanzaTradeCancelled",
    "BohnanzaTradeCancelledReason",
    "BohnanzaTradeCancelledType",
    "BohnanzaTradeProposed",
    "BohnanzaTradeProposedType",
    "BohnanzaTradeProposedWant",
    "BohnanzaTradeView",
    "BohnanzaTradeViewWant",
    "BohnanzaTradingEnded",
    "BohnanzaTradingEndedType",
    "BohnanzaTurnStarted",
    "BohnanzaTurnStartedType",
    "BohnanzaTurnUp",
    "BohnanzaTurnUpType",
    "BohnanzaView",
    "BohnanzaViewPhase",
    "BohnanzaWithdrawTrade",
    "BohnanzaWithdrawTradeType",
    "BotTookOver",
    "BotTookOverType",
    "Catalog",
    "CatalogDetail",
    "CatalogDetailData",
    "CatalogDetailOptions",
    "CatalogDetailOptionsSchema",
    "CatalogEntry",
    "CatalogEntryOptions",
    "CatalogEntryOptionsSchema",
    "Checks",
    "CommandAccepted",
    "CommandAcceptedType",
    "CommandResult",
    "Commit",
    "CommitAction",
    "CommitEntropy",
    "CreateGame",
    "CreateGameOptionsType0",
    "CreateWebhook",
    "DaronAccept",
    "DaronAcceptType",
    "DaronBrawl",
    "DaronBrawlJoined",
    "DaronBrawlJoinedType",
    "DaronBrawlLost",
    "DaronBrawlLostType",
    "DaronBrawlStarted",
    "DaronBrawlStartedType",
    "DaronBrawlType",
    "DaronBrawlView",
    "DaronCardsDealt",
    "DaronCardsDealtType",
    "DaronCardsDeposited",
    "DaronCardsDepositedType",
    "DaronCardsDrawn",
    "DaronCardsDrawnReason",
    "DaronCardsDrawnType",
    "DaronDeposit",
    "DaronDepositType",
    "DaronDirectionReversed",
    "DaronDirectionReversedType",
    "DaronDraw",
    "DaronDrawType",
    "DaronDuel",
    "DaronDuelLost",
    "DaronDuelLostType",
    "DaronDuelRiposted",
    "DaronDuelRipostedType",
    "DaronDuelStarted",
    "DaronDuelStartedType",
    "DaronDuelType",
    "DaronDuelView",
    "DaronLegalMoves",
    "DaronLegalMovesGame",
    "DaronPass",
    "DaronPassed",
    "DaronPassedType",
    "DaronPassType",
    "DaronRiposte",
    "DaronRiposteType",
    "DaronRoundBlocked",
    "DaronRoundBlockedType",
    "DaronRoundWon",
    "DaronRoundWonType",
    "DaronTurnStarted",
    "DaronTurnStartedType",
    "DaronView",
    "DaronViewPhase",
    "DeckShuffled",
    "DeckShuffledType",
    "Delivery",
    "DeliveryLog",
    "EntropyCommitted",
    "EntropyCommittedType",
    "EntropyRevealed",
    "EntropyRevealedType",
    "Error",
    "ErrorError",
    "EventOut",
    "EventOutData",
    "EventsPage",
    "Expire",
    "ExpireAction",
    "ExportDocument",
    "ExportDocumentOptions",
    "ExportedEvent",
    "ExportedEventMetadata",
    "Forfeit",
    "ForfeitAction",
    "GameCreated",
    "GameCreatedBody",
    "GameCreatedBodyOptions",
    "GameCreatedOptions",
    "GameCreatedType",
    "GameEnded",
    "GameEndedType",
    "GameList",
    "GameStarted",
    "GameStartedType",
    "GameSummary",
    "GameSummaryStatus",
    "GameView",
    "GameViewFairness",
    "GameViewOptions",
    "GameViewStatus",
    "GetGameCatalogGame",
    "Health",
    "Join",
    "JoinAction",
    "JoinSeat",
    "Leave",
    "LeaveAction",
    "LeBaronCardPlaced",
    "LeBaronCardPlacedType",
    "LeBaronCardPlayed",
    "LeBaronCardPlayedType",
    "LeBaronCardsDealt",
    "LeBaronCardsDealtType",
    "LeBaronCardSlipped",
    "LeBaronCardSlippedType",
    "LeBaronCardsRevealed",
    "LeBaronCardsRevealedType",
    "LeBaronChooseRow",
    "LeBaronChooseRowType",
    "LeBaronHandRefilled",
    "LeBaronHandRefilledType",
    "LeBaronLegalMoves",
    "LeBaronLegalMovesGame",
    "LeBaronPlayCard",
    "LeBaronPlayCardType",
    "LeBaronRevealed",
    "LeBaronRoundEnded",
    "LeBaronRoundEndedType",
    "LeBaronRowChoiceRequested",
    "LeBaronRowChoiceRequestedReason",
    "LeBaronRowChoiceRequestedType",
    "LeBaronRowTaken",
    "LeBaronRowTakenReason",
    "LeBaronRowTakenType",
    "LeBaronView",
    "LeBaronViewAskReasonType0",
    "LeBaronViewPhase",
    "ListGamesStatus",
    "Live",
    "LobbyExpired",
    "LobbyExpiredType",
    "Play",
    "PlayAction",
    "PlayerJoined",
    "PlayerJoinedType",
    "PlayerLeft",
    "PlayerLeftType",
    "Readiness",
    "Rematch",
    "RematchAction",
    "RematchBody",
    "RematchCreated",
    "RematchCreatedType",
    "RematchSeat",
    "RematchToken",
    "RemoveSeat",
    "RemoveSeatAction",
    "Reveal",
    "RevealAction",
    "RevealEntropy",
    "SeatChange",
    "SeatForfeited",
    "SeatForfeitedType",
    "SeatTaken",
    "SeatView",
    "SixNimmtCardChosen",
    "SixNimmtCardChosenType",
    "SixNimmtCardDrafted",
    "SixNimmtCardDraftedType",
    "SixNimmtCardPlaced",
    "SixNimmtCardPlacedType",
    "SixNimmtCardsDealt",
    "SixNimmtCardsDealtType",
    "SixNimmtCardsRevealed",
    "SixNimmtCardsRevealedType",
    "SixNimmtChooseRow",
    "SixNimmtChooseRowType",
    "SixNimmtDraftCard",
    "SixNimmtDraftCardType",
    "SixNimmtDraftOpened",
    "SixNimmtDraftOpenedType",
    "SixNimmtLegalMoves",
    "SixNimmtLegalMovesGame",
    "SixNimmtPlayCard",
    "SixNimmtPlayCardType",
    "SixNimmtRevealed",
    "SixNimmtRoundEnded",
    "SixNimmtRoundEndedType",
    "SixNimmtRowChoiceRequested",
    "SixNimmtRowChoiceRequestedType",
    "SixNimmtRowsStarted",
    "SixNimmtRowsStartedType",
    "SixNimmtRowTaken",
    "SixNimmtRowTakenReason",
    "SixNimmtRowTakenType",
    "SixNimmtView",
    "SixNimmtViewPhase",
    "Start",
    "StartAction",
    "TimeOut",
    "TimeOutAction",
    "TurnTimedOut",
    "TurnTimedOutType",
    "Webhook",
    "WebhookCreated",
    "WebhookList",
)
