"""Swiss pairing: the next round, and why a round was paired as it was.

``next_round`` pairs the next round (the bye, round 1 by ranking, the report on a
pairing) from what ``history`` reads of the rounds played. The exact search runs score
group by score group (``groups``, leaving players over in the ways ``choices`` lists) or,
when a rematch or clash cannot be avoided, player by player (``defects``); ``matching``
is the blossom matching both use. ``explained`` reads a round already paired and says
why each table meets.
"""
