"""Contains all the data models used in inputs/outputs"""

from .applied_move import AppliedMove
from .chat_message import ChatMessage
from .chat_message_emote import ChatMessageEmote
from .chat_page import ChatPage
from .chat_post import ChatPost
from .chat_post_emote import ChatPostEmote
from .create_game_request import CreateGameRequest
from .create_game_request_game import CreateGameRequestGame
from .create_game_request_options import CreateGameRequestOptions
from .create_scoresheet_request import CreateScoresheetRequest
from .create_scoresheet_request_game import CreateScoresheetRequestGame
from .create_scoresheet_request_options import CreateScoresheetRequestOptions
from .created_game import CreatedGame
from .created_game_options import CreatedGameOptions
from .created_player import CreatedPlayer
from .created_player_kind import CreatedPlayerKind
from .created_scoresheet import CreatedScoresheet
from .created_scoresheet_game import CreatedScoresheetGame
from .created_scoresheet_options import CreatedScoresheetOptions
from .deal_event import DealEvent
from .deal_event_type import DealEventType
from .error import Error
from .error_details import ErrorDetails
from .event_feed import EventFeed
from .game_end_event import GameEndEvent
from .game_end_event_type import GameEndEventType
from .game_type import GameType
from .game_types import GameTypes
from .game_types_table_settings import GameTypesTableSettings
from .get_leaderboard_game import GetLeaderboardGame
from .get_leaderboard_kind import GetLeaderboardKind
from .health import Health
from .health_checks import HealthChecks
from .hints import Hints
from .history_page import HistoryPage
from .join_event import JoinEvent
from .join_event_type import JoinEventType
from .join_request import JoinRequest
from .leaderboard import Leaderboard
from .leave_event import LeaveEvent
from .leave_event_type import LeaveEventType
from .legal_moves import LegalMoves
from .list_open_games_game import ListOpenGamesGame
from .lobby_game import LobbyGame
from .lobby_game_options import LobbyGameOptions
from .lobby_page import LobbyPage
from .mistake import Mistake
from .move_event import MoveEvent
from .move_event_cells_item import MoveEventCellsItem
from .move_event_cells_item_card_type_1 import MoveEventCellsItemCardType1
from .move_event_type import MoveEventType
from .move_hint import MoveHint
from .move_hint_unit import MoveHintUnit
from .move_request import MoveRequest
from .move_result import MoveResult
from .named_seat_request import NamedSeatRequest
from .named_seat_request_bot_type_1 import NamedSeatRequestBotType1
from .named_seat_request_bot_type_2_type_1 import NamedSeatRequestBotType2Type1
from .named_seat_request_bot_type_3_type_1 import NamedSeatRequestBotType3Type1
from .new_key import NewKey
from .new_player import NewPlayer
from .new_player_kind import NewPlayerKind
from .open_seat_request import OpenSeatRequest
from .option_description import OptionDescription
from .option_description_default_by_players_type_0 import OptionDescriptionDefaultByPlayersType0
from .option_description_type import OptionDescriptionType
from .pagination_metadata import PaginationMetadata
from .player import Player
from .player_kind import PlayerKind
from .public_seat import PublicSeat
from .queue_request import QueueRequest
from .queue_request_format import QueueRequestFormat
from .queue_request_game import QueueRequestGame
from .queue_request_opponents import QueueRequestOpponents
from .ranked_player import RankedPlayer
from .rated_game import RatedGame
from .rated_set import RatedSet
from .rating import Rating
from .rating_change import RatingChange
from .ratings import Ratings
from .record import Record
from .record_options import RecordOptions
from .record_player import RecordPlayer
from .rematch_event import RematchEvent
from .rematch_event_type import RematchEventType
from .rename import Rename
from .reshuffle_event import ReshuffleEvent
from .reshuffle_event_type import ReshuffleEventType
from .review import Review
from .review_unit import ReviewUnit
from .round_end_event import RoundEndEvent
from .round_end_event_grids_item_item_type_1 import RoundEndEventGridsItemItemType1
from .round_end_event_type import RoundEndEventType
from .score import Score
from .score_set import ScoreSet
from .scoresheet import Scoresheet
from .scoresheet_game import ScoresheetGame
from .scoresheet_options import ScoresheetOptions
from .scoresheet_player import ScoresheetPlayer
from .scoresheet_round import ScoresheetRound
from .scoresheet_round_request import ScoresheetRoundRequest
from .seat_grant import SeatGrant
from .seat_review import SeatReview
from .seat_token import SeatToken
from .set_game import SetGame
from .skip_bo_building_pile import SkipBoBuildingPile
from .skip_bo_deal_entry import SkipBoDealEntry
from .skip_bo_deal_entry_type import SkipBoDealEntryType
from .skip_bo_discard_move import SkipBoDiscardMove
from .skip_bo_discard_move_type import SkipBoDiscardMoveType
from .skip_bo_last_round import SkipBoLastRound
from .skip_bo_move_entry import SkipBoMoveEntry
from .skip_bo_move_entry_type import SkipBoMoveEntryType
from .skip_bo_options import SkipBoOptions
from .skip_bo_options_stop_rule import SkipBoOptionsStopRule
from .skip_bo_pass_move import SkipBoPassMove
from .skip_bo_pass_move_type import SkipBoPassMoveType
from .skip_bo_play_discard_move import SkipBoPlayDiscardMove
from .skip_bo_play_discard_move_source import SkipBoPlayDiscardMoveSource
from .skip_bo_play_discard_move_type import SkipBoPlayDiscardMoveType
from .skip_bo_play_hand_move import SkipBoPlayHandMove
from .skip_bo_play_hand_move_source import SkipBoPlayHandMoveSource
from .skip_bo_play_hand_move_type import SkipBoPlayHandMoveType
from .skip_bo_play_stock_move import SkipBoPlayStockMove
from .skip_bo_play_stock_move_source import SkipBoPlayStockMoveSource
from .skip_bo_play_stock_move_type import SkipBoPlayStockMoveType
from .skip_bo_player import SkipBoPlayer
from .skip_bo_reshuffle_entry import SkipBoReshuffleEntry
from .skip_bo_reshuffle_entry_type import SkipBoReshuffleEntryType
from .skip_bo_round_score import SkipBoRoundScore
from .skip_bo_view import SkipBoView
from .skip_bo_view_game import SkipBoViewGame
from .skip_bo_view_last_round_type_1_type_0 import SkipBoViewLastRoundType1Type0
from .skip_bo_view_phase import SkipBoViewPhase
from .skip_bo_view_step_type_1 import SkipBoViewStepType1
from .skip_bo_view_step_type_2_type_1 import SkipBoViewStepType2Type1
from .skip_bo_view_step_type_3_type_1 import SkipBoViewStepType3Type1
from .skyjo_deal_entry import SkyjoDealEntry
from .skyjo_deal_entry_type import SkyjoDealEntryType
from .skyjo_discard_and_reveal_move import SkyjoDiscardAndRevealMove
from .skyjo_discard_and_reveal_move_type import SkyjoDiscardAndRevealMoveType
from .skyjo_draw_move import SkyjoDrawMove
from .skyjo_draw_move_type import SkyjoDrawMoveType
from .skyjo_drawn import SkyjoDrawn
from .skyjo_final_lap import SkyjoFinalLap
from .skyjo_last_round import SkyjoLastRound
from .skyjo_last_round_grids_item_item_type_1 import SkyjoLastRoundGridsItemItemType1
from .skyjo_move_entry import SkyjoMoveEntry
from .skyjo_move_entry_type import SkyjoMoveEntryType
from .skyjo_options import SkyjoOptions
from .skyjo_options_later_round_starter import SkyjoOptionsLaterRoundStarter
from .skyjo_player import SkyjoPlayer
from .skyjo_player_grid_item_type_1 import SkyjoPlayerGridItemType1
from .skyjo_replace_move import SkyjoReplaceMove
from .skyjo_replace_move_type import SkyjoReplaceMoveType
from .skyjo_reshuffle_entry import SkyjoReshuffleEntry
from .skyjo_reshuffle_entry_type import SkyjoReshuffleEntryType
from .skyjo_reveal_move import SkyjoRevealMove
from .skyjo_reveal_move_type import SkyjoRevealMoveType
from .skyjo_round_score import SkyjoRoundScore
from .skyjo_take_discard_move import SkyjoTakeDiscardMove
from .skyjo_take_discard_move_type import SkyjoTakeDiscardMoveType
from .skyjo_view import SkyjoView
from .skyjo_view_drawn_type_1_type_0 import SkyjoViewDrawnType1Type0
from .skyjo_view_final_lap_type_1_type_0 import SkyjoViewFinalLapType1Type0
from .skyjo_view_game import SkyjoViewGame
from .skyjo_view_last_round_type_1_type_0 import SkyjoViewLastRoundType1Type0
from .skyjo_view_phase import SkyjoViewPhase
from .skyjo_view_step_type_1 import SkyjoViewStepType1
from .skyjo_view_step_type_2_type_1 import SkyjoViewStepType2Type1
from .skyjo_view_step_type_3_type_1 import SkyjoViewStepType3Type1
from .standing import Standing
from .start_request import StartRequest
from .start_request_fill import StartRequestFill
from .table_change import TableChange
from .table_setting import TableSetting
from .takeover_event import TakeoverEvent
from .takeover_event_type import TakeoverEventType
from .ticket import Ticket
from .ticket_format import TicketFormat
from .ticket_opponents import TicketOpponents
from .ticket_status import TicketStatus
from .waiting_view import WaitingView
from .waiting_view_game import WaitingViewGame
from .waiting_view_options import WaitingViewOptions
from .waiting_view_phase import WaitingViewPhase

__all__ = (
    "AppliedMove",
    "ChatMessage",
    "ChatMessageEmote",
    "ChatPage",
    "ChatPost",
    "ChatPostEmote",
    "CreatedGame",
    "CreatedGameOptions",
    "CreatedPlayer",
    "CreatedPlayerKind",
    "CreatedScoresheet",
    "CreatedScoresheetGame",
    "CreatedScoresheetOptions",
    "CreateGameRequest",
    "CreateGameRequestGame",
    "CreateGameRequestOptions",
    "CreateScoresheetRequest",
    "CreateScoresheetRequestGame",
    "CreateScoresheetRequestOptions",
    "DealEvent",
    "DealEventType",
    "Error",
    "ErrorDetails",
    "EventFeed",
    "GameEndEvent",
    "GameEndEventType",
    "GameType",
    "GameTypes",
    "GameTypesTableSettings",
    "GetLeaderboardGame",
    "GetLeaderboardKind",
    "Health",
    "HealthChecks",
    "Hints",
    "HistoryPage",
    "JoinEvent",
    "JoinEventType",
    "JoinRequest",
    "Leaderboard",
    "LeaveEvent",
    "LeaveEventType",
    "LegalMoves",
    "ListOpenGamesGame",
    "LobbyGame",
    "LobbyGameOptions",
    "LobbyPage",
    "Mistake",
    "MoveEvent",
    "MoveEventCellsItem",
    "MoveEventCellsItemCardType1",
    "MoveEventType",
    "MoveHint",
    "MoveHintUnit",
    "MoveRequest",
    "MoveResult",
    "NamedSeatRequest",
    "NamedSeatRequestBotType1",
    "NamedSeatRequestBotType2Type1",
    "NamedSeatRequestBotType3Type1",
    "NewKey",
    "NewPlayer",
    "NewPlayerKind",
    "OpenSeatRequest",
    "OptionDescription",
    "OptionDescriptionDefaultByPlayersType0",
    "OptionDescriptionType",
    "PaginationMetadata",
    "Player",
    "PlayerKind",
    "PublicSeat",
    "QueueRequest",
    "QueueRequestFormat",
    "QueueRequestGame",
    "QueueRequestOpponents",
    "RankedPlayer",
    "RatedGame",
    "RatedSet",
    "Rating",
    "RatingChange",
    "Ratings",
    "Record",
    "RecordOptions",
    "RecordPlayer",
    "RematchEvent",
    "RematchEventType",
    "Rename",
    "ReshuffleEvent",
    "ReshuffleEventType",
    "Review",
    "ReviewUnit",
    "RoundEndEvent",
    "RoundEndEventGridsItemItemType1",
    "RoundEndEventType",
    "Score",
    "ScoreSet",
    "Scoresheet",
    "ScoresheetGame",
    "ScoresheetOptions",
    "ScoresheetPlayer",
    "ScoresheetRound",
    "ScoresheetRoundRequest",
    "SeatGrant",
    "SeatReview",
    "SeatToken",
    "SetGame",
    "SkipBoBuildingPile",
    "SkipBoDealEntry",
    "SkipBoDealEntryType",
    "SkipBoDiscardMove",
    "SkipBoDiscardMoveType",
    "SkipBoLastRound",
    "SkipBoMoveEntry",
    "SkipBoMoveEntryType",
    "SkipBoOptions",
    "SkipBoOptionsStopRule",
    "SkipBoPassMove",
    "SkipBoPassMoveType",
    "SkipBoPlayDiscardMove",
    "SkipBoPlayDiscardMoveSource",
    "SkipBoPlayDiscardMoveType",
    "SkipBoPlayer",
    "SkipBoPlayHandMove",
    "SkipBoPlayHandMoveSource",
    "SkipBoPlayHandMoveType",
    "SkipBoPlayStockMove",
    "SkipBoPlayStockMoveSource",
    "SkipBoPlayStockMoveType",
    "SkipBoReshuffleEntry",
    "SkipBoReshuffleEntryType",
    "SkipBoRoundScore",
    "SkipBoView",
    "SkipBoViewGame",
    "SkipBoViewLastRoundType1Type0",
    "SkipBoViewPhase",
    "SkipBoViewStepType1",
    "SkipBoViewStepType2Type1",
    "SkipBoViewStepType3Type1",
    "SkyjoDealEntry",
    "SkyjoDealEntryType",
    "SkyjoDiscardAndRevealMove",
    "SkyjoDiscardAndRevealMoveType",
    "SkyjoDrawMove",
    "SkyjoDrawMoveType",
    "SkyjoDrawn",
    "SkyjoFinalLap",
    "SkyjoLastRound",
    "SkyjoLastRoundGridsItemItemType1",
    "SkyjoMoveEntry",
    "SkyjoMoveEntryType",
    "SkyjoOptions",
    "SkyjoOptionsLaterRoundStarter",
    "SkyjoPlayer",
    "SkyjoPlayerGridItemType1",
    "SkyjoReplaceMove",
    "SkyjoReplaceMoveType",
    "SkyjoReshuffleEntry",
    "SkyjoReshuffleEntryType",
    "SkyjoRevealMove",
    "SkyjoRevealMoveType",
    "SkyjoRoundScore",
    "SkyjoTakeDiscardMove",
    "SkyjoTakeDiscardMoveType",
    "SkyjoView",
    "SkyjoViewDrawnType1Type0",
    "SkyjoViewFinalLapType1Type0",
    "SkyjoViewGame",
    "SkyjoViewLastRoundType1Type0",
    "SkyjoViewPhase",
    "SkyjoViewStepType1",
    "SkyjoViewStepType2Type1",
    "SkyjoViewStepType3Type1",
    "Standing",
    "StartRequest",
    "StartRequestFill",
    "TableChange",
    "TableSetting",
    "TakeoverEvent",
    "TakeoverEventType",
    "Ticket",
    "TicketFormat",
    "TicketOpponents",
    "TicketStatus",
    "WaitingView",
    "WaitingViewGame",
    "WaitingViewOptions",
    "WaitingViewPhase",
)
