from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.chat_message import ChatMessage


T = TypeVar("T", bound="ChatPage")


@_attrs_define
class ChatPage:
    """
    Attributes:
        seq (int): The chat's latest message number (0: none yet). Lower than the `since` asked: the chat was emptied
            (it expired), read again from 0.
        messages (list[ChatMessage]): The kept messages after `since`, oldest first (the latest 50 are kept).
    """

    seq: int
    messages: list[ChatMessage]

    def to_dict(self) -> dict[str, Any]:
        from ..models.chat_message import ChatMessage  # noqa: PLC0415

        seq = self.seq

        messages = []
        for messages_item_data in self.messages:
            messages_item = messages_item_data.to_dict()
            messages.append(messages_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seq": seq,
                "messages": messages,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chat_message import ChatMessage  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        messages = []
        _messages = d.pop("messages")
        for messages_item_data in _messages:
            messages_item = ChatMessage.from_dict(messages_item_data)

            messages.append(messages_item)

        chat_page = cls(
            seq=seq,
            messages=messages,
        )

        return chat_page
