"""What follows (or replaces) the Swiss rounds: playoffs, elimination brackets, the final ranking.

``stages`` says what a stage is (its kinds, titles and seedings, as the archive holds
it); ``brackets`` builds a single or double elimination bracket from its seeding and
the games played; ``progress`` reads a stage as its rounds leave it (a playoff as an event
of its own, a bracket, whether it is over); ``next_stage`` finds the stage the rules call
for and pairs the next round of the stage under way; ``ranking`` ranks the event with
every stage counted.
"""
