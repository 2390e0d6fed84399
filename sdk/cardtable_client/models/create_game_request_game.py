from typing import Literal

CreateGameRequestGame = Literal["skipbo", "skyjo"]

CREATE_GAME_REQUEST_GAME_VALUES: set[CreateGameRequestGame] = {
    "skipbo",
    "skyjo",
}


def check_create_game_request_game(value: str) -> CreateGameRequestGame:
    if value in CREATE_GAME_REQUEST_GAME_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_GAME_REQUEST_GAME_VALUES!r}"
    )
