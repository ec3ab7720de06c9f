"""Clients of the card room: the browser client's static assets live in ``web/``.

The web client is plain ES modules, CSS and JSON served as static files by the server at
``/``; there is no build step (see docs/web.md).
"""
