"""marshmallow schemas of every request and response body (they make openapi.yaml)."""
