"""Players across events: a season's ladder and a skill rating, from each event's final ranking and games.

``ladder`` gives an event's places their points, scaled by the event's size, and sums a
player's best events of the season; ``glicko2`` rates players by Glickman's Glicko-2
system, one rating period per event; ``rated_games`` says which games of an event are
rated. Every number is a ``LadderRules`` or ``RatingRules`` value, posted with the
rankings (docs/rules.md, readings 104-107).
"""
