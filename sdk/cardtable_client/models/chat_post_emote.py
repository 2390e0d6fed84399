from typing import Literal

ChatPostEmote = Literal["angry", "clap", "good_game", "hello", "laugh", "sad", "thumbs_up", "wow"]

CHAT_POST_EMOTE_VALUES: set[ChatPostEmote] = {
    "angry",
    "clap",
    "good_game",
    "hello",
    "laugh",
    "sad",
    "thumbs_up",
    "wow",
}


def check_chat_post_emote(value: str) -> ChatPostEmote:
    if value in CHAT_POST_EMOTE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHAT_POST_EMOTE_VALUES!r}")
