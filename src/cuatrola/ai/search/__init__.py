"""Search: exact card play when every hand is known, and the searches built on it.

* :mod:`~cuatrola.ai.search.solver`: the double-dummy solver (:class:`~cuatrola.ai.search.
  solver.Position`, ``solve``, ``solve_moves``, ``at_least`` and the batched forms), with its
  compiled twin ``_solver.c`` and the pure-Python reference ``_reference.py``.
* :mod:`~cuatrola.ai.search.exploit`: the value of each card when the opponents play by the
  greedy rules (the expert's search against rule followers), in C and in Python.
"""
