"""What a seat can infer from its view: where the cards it cannot see may be.

* :mod:`~cuatrola.ai.knowledge.deals`: :class:`~cuatrola.ai.knowledge.deals.Knowledge`, the
  facts a view implies about the hidden hands, and the consistent deals they allow: counted
  exactly, enumerated, or sampled uniformly. Every sampling player starts here.
* :mod:`~cuatrola.ai.knowledge.consistent`: the public API over it
  (:func:`~cuatrola.ai.knowledge.consistent.deals_consistent_with`, also
  ``cuatrola.deals_consistent_with``) and an independent check of one deal against a view.
* :mod:`~cuatrola.ai.knowledge.history`: the public facts before every earlier play, to
  rebuild what another seat knew when it played (for the expert's opponent model).
"""
