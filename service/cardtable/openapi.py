"""The OpenAPI document as the app produces it (openapi.yaml at the root is this, committed)."""

from __future__ import annotations

import yaml

from cardtable.app import OFFLINE_REDIS_URL, create_app
from cardtable.config import Settings


def openapi_dict() -> dict[str, object]:
    app = create_app(Settings(redis_url=OFFLINE_REDIS_URL))
    with app.app_context():
        spec: dict[str, object] = app.extensions["flask-smorest"]["apis"][""][
            "ext_obj"
        ].spec.to_dict()
    return spec


def openapi_yaml() -> str:
    return yaml.safe_dump(openapi_dict(), sort_keys=False, allow_unicode=True, width=100)
