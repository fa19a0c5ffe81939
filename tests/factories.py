"""Factories without surprises: plain defaults, sequences for names."""

import factory
from django.contrib.auth import get_user_model

from events.models import Event, Player
from events.names import name_digest


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("correct horse battery")


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    slug = factory.Sequence(lambda n: f"event-{n}")
    name = factory.Sequence(lambda n: f"Event {n}")
    policy = "policy-4-2001"
    game_type = "two-deck"
    owner = factory.SubFactory(UserFactory)


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    event = factory.SubFactory(EventFactory)
    name = factory.Sequence(lambda n: f"Player {n:03d}")
    name_digest = factory.LazyAttribute(lambda player: name_digest(player.name))
    archive_id = factory.Sequence(lambda n: f"player-{n:03d}")
