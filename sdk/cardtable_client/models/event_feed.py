from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.deal_event import DealEvent
    from ..models.game_end_event import GameEndEvent
    from ..models.join_event import JoinEvent
    from ..models.leave_event import LeaveEvent
    from ..models.move_event import MoveEvent
    from ..models.rematch_event import RematchEvent
    from ..models.reshuffle_event import ReshuffleEvent
    from ..models.round_end_event import RoundEndEvent
    from ..models.takeover_event import TakeoverEvent


T = TypeVar("T", bound="EventFeed")


@_attrs_define
class EventFeed:
    """
    Attributes:
        version (int): The game's version now.
        events (list[DealEvent | GameEndEvent | JoinEvent | LeaveEvent | MoveEvent | RematchEvent | ReshuffleEvent |
            RoundEndEvent | TakeoverEvent]):
        next_ (int | None | Unset): More events follow: ask again with this as `since` (null: none).
    """

    version: int
    events: list[
        DealEvent
        | GameEndEvent
        | JoinEvent
        | LeaveEvent
        | MoveEvent
        | RematchEvent
        | ReshuffleEvent
        | RoundEndEvent
        | TakeoverEvent
    ]
    next_: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.deal_event import DealEvent  # noqa: PLC0415
        from ..models.game_end_event import GameEndEvent  # noqa: PLC0415
        from ..models.join_event import JoinEvent  # noqa: PLC0415
        from ..models.leave_event import LeaveEvent  # noqa: PLC0415
        from ..models.move_event import MoveEvent  # noqa: PLC0415
        from ..models.rematch_event import RematchEvent  # noqa: PLC0415
        from ..models.reshuffle_event import ReshuffleEvent  # noqa: PLC0415
        from ..models.round_end_event import RoundEndEvent  # noqa: PLC0415
        from ..models.takeover_event import TakeoverEvent  # noqa: PLC0415

        version = self.version

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, MoveEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ReshuffleEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RoundEndEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DealEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameEndEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, JoinEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, LeaveEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TakeoverEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        next_: int | None | Unset
        if isinstance(self.next_, Unset):
            next_ = UNSET
        else:
            next_ = self.next_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "events": events,
            }
        )
        if next_ is not UNSET:
            field_dict["next"] = next_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_event import DealEvent  # noqa: PLC0415
        from ..models.game_end_event import GameEndEvent  # noqa: PLC0415
        from ..models.join_event import JoinEvent  # noqa: PLC0415
        from ..models.leave_event import LeaveEvent  # noqa: PLC0415
        from ..models.move_event import MoveEvent  # noqa: PLC0415
        from ..models.rematch_event import RematchEvent  # noqa: PLC0415
        from ..models.reshuffle_event import ReshuffleEvent  # noqa: PLC0415
        from ..models.round_end_event import RoundEndEvent  # noqa: PLC0415
        from ..models.takeover_event import TakeoverEvent  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                DealEvent
                | GameEndEvent
                | JoinEvent
                | LeaveEvent
                | MoveEvent
                | RematchEvent
                | ReshuffleEvent
                | RoundEndEvent
                | TakeoverEvent
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_0 = MoveEvent.from_dict(data)

                    return componentsschemas_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_1 = ReshuffleEvent.from_dict(data)

                    return componentsschemas_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_2 = RoundEndEvent.from_dict(data)

                    return componentsschemas_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_3 = DealEvent.from_dict(data)

                    return componentsschemas_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_4 = GameEndEvent.from_dict(data)

                    return componentsschemas_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_5 = JoinEvent.from_dict(data)

                    return componentsschemas_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_6 = LeaveEvent.from_dict(data)

                    return componentsschemas_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_7 = TakeoverEvent.from_dict(data)

                    return componentsschemas_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_8 = RematchEvent.from_dict(data)

                return componentsschemas_event_type_8

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        def _parse_next_(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        next_ = _parse_next_(d.pop("next", UNSET))

        event_feed = cls(
            version=version,
            events=events,
            next_=next_,
        )

        event_feed.additional_properties = d
        return event_feed

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
