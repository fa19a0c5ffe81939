"""What follows (or replaces) the Swiss rounds: playoffs, elimination brackets, the final ranking.

``stages`` says what a stage is (its kinds, titles and seedings, as the archive holds
it); ``brackets`` builds a single or double elimination bracket from its seeding and
the games played; ``next_stage`` finds the stage the rules call for, pairs the next round
of the stage under way, and ranks the event with every stage counted.
"""
