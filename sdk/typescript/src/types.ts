/** Friendly names for the schemas generated from openapi.yaml (src/schema.d.ts, never edited). */
import type { components, paths } from "./schema";

type Schemas = components["schemas"];
export type { paths };
export type GameView = Schemas["GameView"];
export type SkyjoView = Schemas["SkyjoView"];
export type SkipBoView = Schemas["SkipBoView"];
export type Move = Schemas["Move"];
export type LegalMoves = Schemas["LegalMoves"];
export type MoveResult = Schemas["MoveResult"];
export type AppliedMove = Schemas["AppliedMove"];
export type Score = Schemas["Score"];
export type GameType = Schemas["GameType"];
export type GameTypes = Schemas["GameTypes"];
export type TableSetting = Schemas["TableSetting"];
export type WaitingView = Schemas["WaitingView"];
export type PublicSeat = Schemas["PublicSeat"];
export type LobbyGame = Schemas["LobbyGame"];
export type LobbyPage = Schemas["LobbyPage"];
export type SeatGrant = Schemas["SeatGrant"];
export type TableChange = Schemas["TableChange"];
/** A dealt game's view (not a table still waiting for players). */
export type PlayingView = SkyjoView | SkipBoView;

export function isWaiting(view: GameView): view is WaitingView {
  return view.phase === "waiting";
}
export type OptionDescription = Schemas["OptionDescription"];
export type CreateGameRequest = Schemas["CreateGameRequest"];
export type PlayerRequest = Schemas["PlayerRequest"];
export type CreatedGame = Schemas["CreatedGame"];
export type Scoresheet = Schemas["Scoresheet"];
export type CreatedScoresheet = Schemas["CreatedScoresheet"];
export type CreateScoresheetRequest = Schemas["CreateScoresheetRequest"];
export type ScoresheetRound = Schemas["ScoresheetRound"];
export type ScoresheetRoundRequest = Schemas["ScoresheetRoundRequest"];
export type GameEvent = Schemas["Event"];
export type EventFeed = Schemas["EventFeed"];
