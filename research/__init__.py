"""Research on the computer players that is off by default, kept out of the installed package.

Run from the repository's root (the folder is not installed; the tests put the root on
``sys.path``):

* :mod:`research.variants`: the expert's variants (``expert-fast``, ``expert-softmax``, ...)
  and ``pimc10``/``pimc100``, registered by name when imported; ``python -m research ARGS``
  is the ``cuatrola`` command line with them registered.
* :mod:`research.models`: opponent models the expert does not use (the double-dummy softmax
  kind, the fitted play model, the softmax reading of the searched kind).
* :mod:`research.play_model`: a conditional-logit model of a good player's card choice.
* :mod:`research.endgame`: card choice with the player's next decision kept consistent
  across deals (a remedy for strategy fusion).
* Fitting scripts, slow and out of the test suite: ``python -m research.calibrate_bidding``,
  ``python -m research.fit_opponent_model``, ``python -m research.fit_play_model``
  (``research.selfplay`` holds the seeded hands they play).

``RESULTS.md`` holds the measurements, with the commands that gave them and their dates.
"""
