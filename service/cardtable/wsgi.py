"""WSGI entry point: `gunicorn -c python:cardtable.server.gunicorn_conf cardtable.wsgi:app`."""

from cardtable.app import create_app

app = create_app()
