// src/games.ts checked against the types generated from openapi.yaml (tsc --noEmit fails on
// any `Is<false>`). Its moves are the spec's own per game (src/games.generated.ts), exact;
// its hand-written Skyjo and Skip-Bo events must fit inside the spec's events; once the
// spec's events are a union per game, the spec's must fit inside them too.
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
