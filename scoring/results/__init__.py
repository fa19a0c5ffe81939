"""A game's result and the tournament points it is worth.

``score`` checks a result against the policy and scores it, kind by kind (a One Ring
win, an eliminated Wizard, a tie, a forfeit, a scenario; in elimination, the dice);
``words`` names a forfeit's reason and the winner's deck in its explanation;
``free_council`` counts a game's marshalling points at the Free Council, step by step.
"""
