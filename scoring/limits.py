"""Every bound on what Council accepts, stated once.

The forms, the archive parser and the database columns all read their limits from
here, so that nothing a form or an archive lets through can be refused by the database
afterwards (PostgreSQL enforces column lengths and integer ranges where SQLite does
not). docs/security.md lists them for people.
"""

from __future__ import annotations

# Texts ------------------------------------------------------------------------------------
MAX_NAME_LENGTH = 100  # a player's, an event's or a venue's name, a Fallen-wizard
MAX_ID_LENGTH = 64  # a player's id in the archive
MAX_NOTE_LENGTH = 400  # the note on a departure from the policy's number of rounds
MAX_REASON_LENGTH = 150  # the coordinator's own words in that note
MAX_SOURCE_LENGTH = 400  # where a house policy was posted (an address, a document's name)
# A house policy (scoring/policies/house.py): its key, the most points one game may give, the
# longest game (a round of an online event may last two weeks, in minutes), its lists.
MAX_HOUSE_KEY_LENGTH = 32
MAX_GAME_POINTS = 20
MAX_TIME_LIMIT_MINUTES = 14 * 24 * 60
MAX_BANNED_CARDS = 500
MAX_FAN_SETS = 50
# A house policy's deck numbers: a play deck's or a sideboard's cards, the copies of one card.
MAX_DECK_CARDS = 300
MAX_COPIES = 10
MAX_USERNAME_LENGTH = 150  # Django's own user name column
# A player's e-mail address: RFC 5321's longest path (256 octets) less its angle brackets.
MAX_EMAIL_LENGTH = 254

# Sizes of an event ------------------------------------------------------------------------
MAX_PLAYERS = 20000
MAX_ROUNDS = 30
MAX_TABLE = MAX_PLAYERS // 2  # a round seats at most every player, two to a table
# Round-robin pools (scoring/finals/pools_schedule.py): 3 to 8 players each, as events hold them.
MIN_POOL_SIZE, MAX_POOL_SIZE = 3, 8
MAX_POOLS = MAX_PLAYERS // MIN_POOL_SIZE
MAX_NAMES_PER_PASTE = 500
# Decks checked against their lists at the tables in one round.
MAX_SPOT_CHECKS = 50
# Challenge decks or scenarios a coordinator posts for players to choose from (the texts suggest three).
MAX_DECK_CHOICES = 20

# Numbers ----------------------------------------------------------------------------------
# A published ranking is a place in a national or world list; no list is longer.
MAX_RANKING = 1_000_000
# Seeds are drawn below 2**31; an archive may bring any that a 64-bit column holds.
MAX_SEED = 2**63 - 1
# Marshalling points above this for one player are possible but rare enough that a typo
# (150 for 15) is likelier: the result form asks for confirmation (docs/rules.md).
PLAUSIBLE_MP = 100
# A judge call or a correction moves the clock by at most this much at once: a bigger
# number is far likelier a slip of the finger than a decision.
MAX_ADJUSTMENT_MINUTES = 60
# Final marshalling points either way. No real game comes near it; it keeps a mistyped
# number from turning into a valid-looking result.
MP_LIMIT = 1000
# A result's version number: a table is saved a handful of times, never two billion.
MAX_VERSION = 2**31 - 1

# Documents --------------------------------------------------------------------------------
MAX_ARCHIVE_BYTES = 5 * 1024 * 1024
# A deck list as pasted: two decks of sixty cards, pools, sideboards and sites, one line a
# card with notes, stay far below it.
MAX_DECK_LIST_CHARACTERS = 20_000
# An archive nests six deep (event, rounds, a round, games, a game, its result's MP);
# deeper input is an attack or a mistake, not an event.
MAX_JSON_DEPTH = 16
# The longest whole number the JSON reader reads at all (Python's own limit is 4,300
# digits, and each costs time); each field then says what it allows, MAX_SEED's 19
# digits being the most.
MAX_NUMBER_DIGITS = 100
