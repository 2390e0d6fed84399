// The hand-written unions of src/games.ts checked against the types generated from
// openapi.yaml (tsc --noEmit fails on any `Is<false>`). While the spec is loose (one move
// object with every field optional, events open past `version` and `type`), the unions
// must fit inside it; once the spec is itself a union per type (oneOf with
// discriminators), it must fit inside the unions too, so neither side can drift.
import type { AnyEvent, AnyMove, SkipBoView, SkyjoView, WaitingView, WireEvent, WireMove } from "../../src/games";

type Is<T extends true> = T;
type Extends<A, B> = [A] extends [B] ? true : false;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type IsNever<T> = [T] extends [never] ? true : false;
/** True when T is a union of several object types (the spec describes each variant). */
type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;
type Precise<T> = true extends IsUnion<T> ? true : false;

export type MovesFitTheSpec = Is<Extends<AnyMove, WireMove>>;
export type SameMoveTypes = Is<Same<AnyMove["type"], WireMove["type"]>>;
export type SpecMovesFitTheUnions = Is<Precise<WireMove> extends true ? Extends<WireMove, AnyMove> : true>;

export type EventsFitTheSpec = Is<Extends<AnyEvent, WireEvent>>;
export type SpecEventsFitTheUnions = Is<Precise<Exclude<WireEvent["type"], string>> extends true ? Extends<WireEvent, AnyEvent> : true>;

export type ViewsFound = Is<Same<IsNever<SkyjoView> | IsNever<SkipBoView> | IsNever<WaitingView>, false>>;
