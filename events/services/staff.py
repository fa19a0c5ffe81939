"""The event's staff: accounts given a role, and the revocable staff link for volunteers."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils.translation import gettext as _

from ..models import Event, EventRole
from ..names import account_name_problem, name_key
from ..record_words import AuditAction
from ..roles import STAFF, Actor
from .base import ServiceError, locked_event, record_change
from .impartial import check_may_hold_role, check_may_lose_role

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def add_staff(event: Event, *, actor: Actor, username: str, password: str = "", role: str = STAFF) -> User:
    """Give an account a role in the event, creating the account when a password is given.

    The name is read as Django's sign-in reads it: spaces around it dropped and
    compatibility forms folded (NFKC, so "ｏｗｎｅｒ" is "owner"), case ignored. A new
    account's name must pass the user model's own validators (letters, digits and
    @.+-_) and must not read as an existing account's name (events/names.py): a
    look-alike of the owner would make the audit log lie about who did what.
    """
    user_model = get_user_model()
    username = user_model.normalize_username(username.strip())
    if not username:
        raise ServiceError(_("Type a user name."), field="username")
    with transaction.atomic(durable=True):
        event = locked_event(event)
        user = _account_named(user_model, username)
        if user is None:
            if not password:
                raise ServiceError(
                    _("There is no account %(name)s; give a password to create it.") % {"name": repr(username)},
                    field="password",
                )
            _check_new_account_name(user_model, username)
            try:
                validate_password(password)
            except ValidationError as error:
                raise ServiceError(" ".join(error.messages), field="password") from None
            user = user_model.objects.create_user(username=username, password=password)
        elif password:
            raise ServiceError(
                _("%(name)s already has an account; leave the password empty.") % {"name": user.username},
                field="password",
            )
        if user.pk == event.owner_id:
            raise ServiceError(_("The owner already runs the event."), field="username")
        check_may_hold_role(event, user.pk, role)
        EventRole.objects.update_or_create(event=event, user=user, defaults={"role": role})
        record_change(event, actor, AuditAction.STAFF_ADDED, user.username, after={"role": role})
    return user


def _account_named(user_model: type[User], username: str) -> User | None:
    # Compared here rather than with the database's case-insensitive match, whose idea of
    # case differs between SQLite (ASCII only) and PostgreSQL.
    wanted = username.casefold()
    pk = next(
        (
            pk
            for pk, name in user_model.objects.values_list("pk", user_model.USERNAME_FIELD)
            if name.casefold() == wanted
        ),
        None,
    )
    return user_model.objects.get(pk=pk) if pk is not None else None


def _check_new_account_name(user_model: type[User], username: str) -> None:
    field = user_model._meta.get_field(user_model.USERNAME_FIELD)
    assert isinstance(field, models.Field)  # the user name is a column of the account
    try:
        field.run_validators(username)
    except ValidationError as error:
        raise ServiceError(" ".join(error.messages), field="username") from None
    problem = account_name_problem(username)
    if problem:
        raise ServiceError(problem, field="username")
    key = name_key(username)
    twin = next(
        (
            name
            for name in user_model.objects.values_list(user_model.USERNAME_FIELD, flat=True)
            if name_key(name) == key
        ),
        None,
    )
    if twin is not None:
        raise ServiceError(
            _("%(name)s looks the same as the account %(other)s; choose a name that reads differently.")
            % {"name": username, "other": twin},
            field="username",
        )


def remove_staff(event: Event, *, actor: Actor, user_id: int) -> None:
    """Take an account's role in the event away."""
    with transaction.atomic(durable=True):
        event = locked_event(event)
        role = EventRole.objects.filter(event=event, user_id=user_id).select_related("user").first()
        if role is None:
            raise ServiceError(_("That account has no role in this event."))
        check_may_lose_role(event, user_id)
        if user_id == event.arbiter_id:
            event.arbiter_id = None
            event.save(update_fields=["arbiter"])
        role.delete()
        record_change(event, actor, AuditAction.STAFF_REMOVED, role.user.username, before={"role": role.role})


def create_staff_link(event: Event, *, actor: Actor) -> str:
    """A new staff link for volunteers without accounts; any earlier link stops working."""
    with transaction.atomic(durable=True):
        event = locked_event(event)
        event.staff_token = secrets.token_urlsafe(18)
        event.save(update_fields=["staff_token"])
        record_change(event, actor, AuditAction.STAFF_LINK_CREATED, _("staff link"))
    return event.staff_token


def revoke_staff_link(event: Event, *, actor: Actor) -> None:
    """Stop the staff link; phones that opened it lose staff access at their next request."""
    with transaction.atomic(durable=True):
        event = locked_event(event)
        event.staff_token = ""
        event.save(update_fields=["staff_token"])
        record_change(event, actor, AuditAction.STAFF_LINK_REVOKED, _("staff link"))
