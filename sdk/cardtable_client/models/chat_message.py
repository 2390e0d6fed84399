from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chat_message_emote import ChatMessageEmote
from ..models.chat_message_emote import check_chat_message_emote
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="ChatMessage")


@_attrs_define
class ChatMessage:
    """
    Attributes:
        seq (int): The message's number in this chat (1, 2, …).
        seat (int): The seat that sent it.
        name (str): That seat's player name when it was sent.
        at (int): When the server took it (Unix time, ms).
        text (str | Unset): The message (or `emote`).
        emote (ChatMessageEmote | Unset): The reaction (or `text`).
    """

    seq: int
    seat: int
    name: str
    at: int
    text: str | Unset = UNSET
    emote: ChatMessageEmote | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        seat = self.seat

        name = self.name

        at = self.at

        text = self.text

        emote: str | Unset = UNSET
        if not isinstance(self.emote, Unset):
            emote = self.emote

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seq": seq,
                "seat": seat,
                "name": name,
                "at": at,
            }
        )
        if text is not UNSET:
            field_dict["text"] = text
        if emote is not UNSET:
            field_dict["emote"] = emote

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seq = d.pop("seq")

        seat = d.pop("seat")

        name = d.pop("name")

        at = d.pop("at")

        text = d.pop("text", UNSET)

        _emote = d.pop("emote", UNSET)
        emote: ChatMessageEmote | Unset
        if isinstance(_emote, Unset):
            emote = UNSET
        else:
            emote = check_chat_message_emote(_emote)

        chat_message = cls(
            seq=seq,
            seat=seat,
            name=name,
            at=at,
            text=text,
            emote=emote,
        )

        return chat_message
