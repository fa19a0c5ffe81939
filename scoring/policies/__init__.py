"""What the Council of Lórien policies say, as data.

``terms`` says what a policy is (its fields, its tie-break criteria, the options for a
tied lead, the event formats, what it answers); ``released`` holds the three released
policies, frozen; ``game_types`` the kinds of game they describe and how a sentence
names each one. Every other part of the engine reads its rules from here.
"""
