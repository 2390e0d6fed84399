/** Friendly names for the schemas generated from openapi.yaml (src/schema.d.ts, never
 * edited), found by route so that a renamed schema changes nothing for users. The exact
 * per-game moves, views and events are in games.ts. */
import type { AnyEvent, AnyMove } from "./games";
import type { paths } from "./schema";

export type { paths };

/** The JSON body of a route's success answer (200, 201 or 202). */
type Ok<Operation> = Operation extends { responses: { 200: { content: { "application/json": infer Body } } } }
  ? Body
  : Operation extends { responses: { 201: { content: { "application/json": infer Body } } } }
    ? Body
    : Operation extends { responses: { 202: { content: { "application/json": infer Body } } } }
      ? Body
      : never;
/** The JSON body a route accepts. */
type Accepts<Operation> = Operation extends { requestBody?: { content: { "application/json": infer Body } } } ? Body : never;
type Item<List> = List extends readonly (infer One)[] ? One : never;

/** Any move of either game, exact: narrow it with `move.type`. */
export type Move = AnyMove;
/** Any event of either game, exact: narrow it with `event.type`. */
export type GameEvent = AnyEvent;

export type MoveResult = Ok<paths["/games/{game_id}/moves"]["post"]>;
export type AppliedMove = Item<MoveResult["applied"]>;
export type Score = Ok<paths["/games/{game_id}/score"]["get"]>;
export type GameRecord = Ok<paths["/games/{game_id}/record"]["get"]>;
export type Hints = Ok<paths["/games/{game_id}/hints"]["get"]>;
export type MoveHint = Item<Hints["moves"]>;
export type Review = Ok<paths["/games/{game_id}/review"]["get"]>;
export type Mistake = Item<Item<Review["seats"]>["mistakes"]>;
export type GameTypes = Ok<paths["/game-types"]["get"]>;
export type GameType = Item<GameTypes["games"]>;
export type TableSetting = GameTypes["table_settings"] extends Record<string, infer Setting> ? Setting : never;
export type OptionDescription = Item<GameType["options"]>;
export type LobbyPage = Ok<paths["/games"]["get"]>;
export type LobbyGame = Item<LobbyPage["games"]>;
export type CreateGameRequest = Accepts<paths["/games"]["post"]>;
export type PlayerRequest = Item<CreateGameRequest["players"]>;
export type CreatedGame = Ok<paths["/games"]["post"]>;
export type SeatToken = Item<CreatedGame["players"]>;
export type SeatGrant = Ok<paths["/games/{game_id}/join"]["post"]>;
/** A table's chat after a number: `{seq, messages}` (a chat of its own, not game events). */
export type ChatPage = Ok<paths["/games/{game_id}/chat"]["get"]>;
export type ChatMessage = Item<ChatPage["messages"]>;
/** What a seat posts: `{text}` or `{emote}`. */
export type ChatPost = Accepts<paths["/games/{game_id}/chat"]["post"]>;
export type Emote = NonNullable<ChatPost["emote"]>;
export type TableChange = Ok<paths["/games/{game_id}/leave"]["post"]>;
export type Scoresheet = Ok<paths["/scoresheets/{sheet_id}"]["get"]>;
export type CreatedScoresheet = Ok<paths["/scoresheets"]["post"]>;
export type CreateScoresheetRequest = Accepts<paths["/scoresheets"]["post"]>;
export type ScoresheetRound = Item<Scoresheet["rounds"]>;
export type ScoresheetRoundRequest = Accepts<paths["/scoresheets/{sheet_id}/rounds"]["post"]>;
export type EventFeed = { version: number; events: GameEvent[] };
export type PublicSeat = Item<import("./games").WaitingView["seats"]>;
// Rated play (players.ts): the answers as the server's schema gives them.
export type Profile = Ok<paths["/players/{player_id}"]["get"]>;
export type Rating = Profile["ratings"]["skyjo"];
export type NewPlayer = Ok<paths["/players"]["post"]>;
export type NewKey = Ok<paths["/players/{player_id}/key"]["post"]>;
export type HistoryPage = Ok<paths["/players/{player_id}/games"]["get"]>;
export type HistoryEntry = Item<HistoryPage["games"]>;
export type Ticket = Ok<paths["/queue/{ticket}"]["get"]>;
export type LeaderboardPage = Ok<paths["/leaderboard"]["get"]>;
export type LeaderboardRow = Item<LeaderboardPage["players"]>;
