from typing import Literal

ChatMessageEmote = Literal[
    "angry", "clap", "good_game", "hello", "laugh", "sad", "thumbs_up", "wow"
]

CHAT_MESSAGE_EMOTE_VALUES: set[ChatMessageEmote] = {
    "angry",
    "clap",
    "good_game",
    "hello",
    "laugh",
    "sad",
    "thumbs_up",
    "wow",
}


def check_chat_message_emote(value: str) -> ChatMessageEmote:
    if value in CHAT_MESSAGE_EMOTE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHAT_MESSAGE_EMOTE_VALUES!r}")
