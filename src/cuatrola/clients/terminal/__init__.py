"""The terminal client (``cuatrola play``): a Textual table, offline or online.

Modules: :mod:`.i18n` (the Spanish/English text catalogue), :mod:`.render` (cards and suits
as Rich text), :mod:`.app` (the shared table interface), :mod:`.session` (the table screen
fed by protocol messages: one event path for offline and online play), :mod:`.local` (the
in-process transport around :class:`cuatrola.table.Table`), :mod:`.offline` (play against
computer players through it), :mod:`.online` (the websocket client). Clients import
:mod:`cuatrola.core`, :mod:`cuatrola.ai` (offline computer players), :mod:`cuatrola.protocol`
and :mod:`cuatrola.table` (the offline table), never the server. See docs/terminal.md.
"""
