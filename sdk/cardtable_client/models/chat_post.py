from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chat_post_emote import ChatPostEmote
from ..models.chat_post_emote import check_chat_post_emote
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="ChatPost")


@_attrs_define
class ChatPost:
    """
    Attributes:
        text (str | Unset): A message: 1 to 200 printable characters once trimmed (no controls, bidi overrides or
            invisible characters: 422 `invalid_chat_message`). Shown as text, never as markup.
        emote (ChatPostEmote | Unset): A quick reaction instead of `text`.
    """

    text: str | Unset = UNSET
    emote: ChatPostEmote | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        emote: str | Unset = UNSET
        if not isinstance(self.emote, Unset):
            emote = self.emote

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if text is not UNSET:
            field_dict["text"] = text
        if emote is not UNSET:
            field_dict["emote"] = emote

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        text = d.pop("text", UNSET)

        _emote = d.pop("emote", UNSET)
        emote: ChatPostEmote | Unset
        if isinstance(_emote, Unset):
            emote = UNSET
        else:
            emote = check_chat_post_emote(_emote)

        chat_post = cls(
            text=text,
            emote=emote,
        )

        return chat_post
