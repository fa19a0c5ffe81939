"""How a deck's problems are said: whole sentences, with the deck they are in when a player brings two.

Kept apart from the rules that find the problems (scoring/decks/check.py): a general-opponent
list's problem names its deck ("against hero") inside the sentence, which needs its own
message in every language rather than words glued on (docs/i18n.md).
"""

from __future__ import annotations

from ..messages import Text, _, ngettext
from .cards import HERO, MINION
from .lists import AGAINST_HERO, AGAINST_MINION, MAIN
from .matching import MatchedDeck


def is_main(deck: MatchedDeck) -> bool:
    """Whether ``deck`` is the list's only deck; the deck against hero or minion is named in each problem."""
    return deck.name == MAIN


def deck_name(deck: MatchedDeck) -> Text | str:
    """Which deck of a general-opponent list a problem is in, said in brackets after what it is about."""
    if deck.name == AGAINST_HERO:
        # Translators: the deck a general-opponent player brings against hero opponents, as in "the pool (against
        # hero)".
        return _("against hero")
    if deck.name == AGAINST_MINION:
        # Translators: the deck a general-opponent player brings against minion opponents.
        return _("against minion")
    return deck.name.replace("-", " ")


def avatar_in_sideboard(deck: MatchedDeck, name: str) -> Text:
    """An avatar (read as a Wizard) in the sideboard, which General 9 forbids."""
    if is_main(deck):
        # Translators: %(card)s is a card's name (an avatar).
        return _("%(card)s is in the sideboard; no Wizard may be", card=name)
    # Translators: %(card)s is a card's name (an avatar); %(deck)s says which deck, such as "against hero".
    return _("%(card)s is in the sideboard (%(deck)s); no Wizard may be", card=name, deck=deck_name(deck))


def too_many_wizards(deck: MatchedDeck, name: str, count: int) -> Text:
    """More than two of the same Wizard."""
    if is_main(deck):
        # Translators: %(card)s is a card's name (an avatar).
        return ngettext(
            "%(count)s copy of %(card)s; at most 2 of the same Wizard",
            "%(count)s copies of %(card)s; at most 2 of the same Wizard",
            count,
            card=name,
        )
    # Translators: %(card)s is a card's name (an avatar); %(deck)s says which deck, such as "against hero".
    return ngettext(
        "%(count)s copy of %(card)s (%(deck)s); at most 2 of the same Wizard",
        "%(count)s copies of %(card)s (%(deck)s); at most 2 of the same Wizard",
        count,
        card=name,
        deck=deck_name(deck),
    )


def too_many_unique(deck: MatchedDeck, name: str, count: int) -> Text:
    """More than one of a unique card."""
    if is_main(deck):
        # Translators: %(card)s is a card's name.
        return ngettext(
            "%(count)s copy of the unique card %(card)s; at most 1",
            "%(count)s copies of the unique card %(card)s; at most 1",
            count,
            card=name,
        )
    # Translators: %(card)s is a card's name; %(deck)s says which deck, such as "against hero".
    return ngettext(
        "%(count)s copy of the unique card %(card)s (%(deck)s); at most 1",
        "%(count)s copies of the unique card %(card)s (%(deck)s); at most 1",
        count,
        card=name,
        deck=deck_name(deck),
    )


def too_many_copies(deck: MatchedDeck, name: str, count: int, most: int) -> Text:
    """More than three of any other card (or the policy's number)."""
    if is_main(deck):
        # Translators: %(card)s is a card's name.
        return ngettext(
            "%(count)s copy of %(card)s; at most %(most)s",
            "%(count)s copies of %(card)s; at most %(most)s",
            count,
            card=name,
            most=most,
        )
    # Translators: %(card)s is a card's name; %(deck)s says which deck, such as "against hero".
    return ngettext(
        "%(count)s copy of %(card)s (%(deck)s); at most %(most)s",
        "%(count)s copies of %(card)s (%(deck)s); at most %(most)s",
        count,
        card=name,
        deck=deck_name(deck),
        most=most,
    )


def one_ring_not_allowed(deck: MatchedDeck) -> Text:
    """The One Ring in a deck whose alignment the event's policy does not let play it."""
    if is_main(deck):
        # Translators: The One Ring is a card's name.
        return _("this event does not let a deck of this alignment play The One Ring")
    # Translators: The One Ring is a card's name; %(deck)s says which deck, such as "against hero".
    return _("this event does not let a deck of this alignment play The One Ring (%(deck)s)", deck=deck_name(deck))


def pool_too_large(deck: MatchedDeck, characters: int, limit: int) -> Text:
    """The pool holds more characters than ``limit``."""
    if is_main(deck):
        return ngettext(
            "the pool has %(count)s character; at most %(limit)s",
            "the pool has %(count)s characters; at most %(limit)s",
            characters,
            limit=limit,
        )
    # Translators: %(deck)s says which deck, such as "against hero".
    return ngettext(
        "the pool (%(deck)s) has %(count)s character; at most %(limit)s",
        "the pool (%(deck)s) has %(count)s characters; at most %(limit)s",
        characters,
        limit=limit,
        deck=deck_name(deck),
    )


def play_deck_characters(deck: MatchedDeck, in_play: int, limit: int) -> Text:
    """The play deck holds more characters than ``limit``."""
    if is_main(deck):
        return ngettext(
            "the play deck has %(count)s character; at most %(limit)s",
            "the play deck has %(count)s characters; at most %(limit)s",
            in_play,
            limit=limit,
        )
    # Translators: %(deck)s says which deck, such as "against hero".
    return ngettext(
        "the play deck (%(deck)s) has %(count)s character; at most %(limit)s",
        "the play deck (%(deck)s) has %(count)s characters; at most %(limit)s",
        in_play,
        limit=limit,
        deck=deck_name(deck),
    )


def not_of_alignment(deck: MatchedDeck, alignment: str) -> Text:
    """What the cards are that a single-alignment deck may not hold, for each alignment of SINGLE_ALIGNMENT."""
    if alignment == HERO:
        if is_main(deck):
            # Translators: says what the cards listed with this problem are not, in a hero-only event.
            return _("not hero resources, characters or sites")
        # Translators: %(deck)s says which deck, such as "against hero".
        return _("not hero resources, characters or sites (%(deck)s)", deck=deck_name(deck))
    if alignment == MINION:
        if is_main(deck):
            # Translators: says what the cards listed with this problem are not, in a minion-only event.
            return _("not minion resources, characters or sites")
        # Translators: %(deck)s says which deck, such as "against hero".
        return _("not minion resources, characters or sites (%(deck)s)", deck=deck_name(deck))
    if is_main(deck):
        # Translators: says what the cards listed with this problem are not, in a fallen-wizard-only event.
        return _("not fallen-wizard resources, characters or sites")
    # Translators: %(deck)s says which deck, such as "against hero".
    return _("not fallen-wizard resources, characters or sites (%(deck)s)", deck=deck_name(deck))
