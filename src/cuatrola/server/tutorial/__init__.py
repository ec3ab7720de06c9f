"""The interactive tutorial (docs/web.md, *Learning the game*; docs/rest.md, ``/api/tutorial``).

:mod:`.lessons` holds the scripted lessons as data, :mod:`.judge` builds each step's
position with the rules core and judges a player's answer, :mod:`.routes` serves both over
REST (and ``/rules``, the rules page of the web client).
"""
