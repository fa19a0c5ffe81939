"""Deck lists and the deck rules.

``lists`` reads the lists players write (text or JSON); ``cards`` is the card index
(facts from ``data/cards.json``); ``matching`` matches each written name to its card;
``check`` applies the rules of the policy and format (one function each in ``rules``),
with each policy's clauses and numbers in ``policy``, the sentences in ``words`` and the
deck's capability (General 18) in ``capability``; ``spot_checks`` draws the decks
checked at the tables in a round.
"""
