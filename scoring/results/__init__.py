"""A game's result and the tournament points it is worth.

``score`` checks a result against the policy and scores it, kind by kind (a One Ring
win, an eliminated Wizard, a tie, a forfeit, a scenario; in elimination, the dice);
``ratios`` scores a game decided at the Free Council by its marshalling points, their
ratio and the Weakest Link; both give the ``ScoredResult`` of ``scored``. ``words`` names
a forfeit's reason and the winner's deck in its explanation; ``free_council`` counts a
game's marshalling points at the Free Council, step by step.
"""
