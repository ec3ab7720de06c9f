"""The terminal client (``cuatrola play``): a Textual table, offline or online.

Modules: :mod:`.i18n` (the Spanish/English text catalogue), :mod:`.render` (cards and suits
as Rich text), :mod:`.local` (the in-process offline table), :mod:`.app` (the shared table
interface), :mod:`.offline` (play against computer players), :mod:`.online` (the protocol
client). Clients import :mod:`cuatrola.core`, :mod:`cuatrola.ai` (offline computer players)
and :mod:`cuatrola.protocol`, never the server. See docs/terminal.md.
"""
