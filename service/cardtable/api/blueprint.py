"""The Blueprint every resource uses: flask-smorest's, with a request parser that treats
JSON nested too deeply for the parser as invalid JSON (400) instead of crashing (500)."""

from __future__ import annotations

from typing import Any

import flask
import flask_smorest
from webargs.flaskparser import FlaskParser, abort


class CardtableParser(FlaskParser):
    def _raw_load_json(self, req: flask.Request) -> Any:
        try:
            return super()._raw_load_json(req)
        except RecursionError:
            abort(400, messages={"json": ["Invalid JSON body: nested too deeply."]})


class Blueprint(flask_smorest.Blueprint):  # type: ignore[misc]
    ARGUMENTS_PARSER = CardtableParser()
