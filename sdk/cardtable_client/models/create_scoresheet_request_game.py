from typing import Literal

CreateScoresheetRequestGame = Literal["skipbo", "skyjo"]

CREATE_SCORESHEET_REQUEST_GAME_VALUES: set[CreateScoresheetRequestGame] = {
    "skipbo",
    "skyjo",
}


def check_create_scoresheet_request_game(value: str) -> CreateScoresheetRequestGame:
    if value in CREATE_SCORESHEET_REQUEST_GAME_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_SCORESHEET_REQUEST_GAME_VALUES!r}"
    )
