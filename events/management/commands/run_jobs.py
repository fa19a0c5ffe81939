"""The server's own job: reminders before online deadlines, and the e-mail waiting to be sent.

gunicorn starts it beside the workers (council/gunicorn_conf.py), so ``make run``, the
Docker image and the compose file all run it, and nobody has to open a page for a
reminder to go. Several servers may each run it: a message is queued once (its key is
unique) and sent once (each server claims a row before sending it).
"""

from __future__ import annotations

import logging
import os
import time
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.core.management.base import BaseCommand
from django.db import close_old_connections

from events import services
from events.archive import publication_document
from events.pages.mail import render_mail
from events.publishing_client import push

log = logging.getLogger("council.jobs")
CONSOLE = "django.core.mail.backends.console.EmailBackend"


def mail_server_set() -> bool:
    """Whether mail can go out: a mail server is set, or another backend than the console's (the tests')."""
    return bool(settings.EMAIL_HOST) or settings.EMAIL_BACKEND != CONSOLE


def run_once() -> tuple[int, int]:
    """One pass: queue the reminders now due, then send what waits. Returns (queued, sent).

    Without a mail server nothing is sent and the messages wait: the console would write
    private links and addresses into the server's log (docs/security.md).
    """
    queued = services.queue_reminders()
    sent = 0
    if not mail_server_set():
        return queued, sent
    while (message := services.claim_message()) is not None:
        if not services.still_true(message):
            # A swap moved the player, or the game has its result: the message no longer holds.
            services.mark_sent(message, note="no longer true when sent")
            continue
        mail = render_mail(message)
        try:
            send_mail(mail.subject, mail.body, settings.DEFAULT_FROM_EMAIL, [mail.to])
        except Exception as error:  # a refused address or a mail server away: try again later
            # The error's kind only: its text may hold the address.
            log.warning("message %s not sent: %s", message.pk, type(error).__name__)
            services.mark_failed(message, str(error))
        else:
            sent += services.mark_sent(message)
    return queued, sent


def publish_once() -> tuple[int, int]:
    """One pass of publishing: push every event whose hosted copy lacks a change and whose next try is due.

    Returns (pushed, failed). A failure is recorded on the event's target, for the desk, and
    tried again later (services.retry_after); a push that fails never stops the others.
    """
    pushed = failed = 0
    while (target := services.claim_publication()) is not None:
        try:
            document, revision = publication_document(target.event, target.source)
            outcome = push(target.address, target.key, document, language=target.event.language)
        except Exception as error:  # whatever it is, the desk must say it, and the job try again later
            log.exception("event %s could not be pushed", target.event.slug)
            services.mark_publish_failed(target, f"{type(error).__name__}: {error}")
            failed += 1
            continue
        if outcome.ok:
            services.mark_published(target, revision)
            pushed += 1
        else:
            log.warning("event %s not published to %s: %s", target.event.slug, target.address, outcome.detail)
            services.mark_publish_failed(target, outcome.detail, key_refused=outcome.key_refused)
            failed += 1
    return pushed, failed


class Command(BaseCommand):
    help = (
        "Queue the reminders due and send waiting e-mail every COUNCIL_JOBS_SECONDS, and publish events to their "
        "hosted copies every COUNCIL_PUBLISH_SECONDS (or one pass of each, with --once)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--once", action="store_true", help="one pass, then stop")

    def handle(self, *args: Any, **options: Any) -> None:
        parent = os.getppid()
        try:
            self._loop(options["once"], parent)
        except KeyboardInterrupt:  # Ctrl-C at ``make run`` reaches the job too
            return

    def _loop(self, once: bool, parent: int) -> None:
        mail_due = 0.0
        while True:
            if not once:
                close_old_connections()  # a long-lived process: drop a connection the database closed
            if time.monotonic() >= mail_due:
                mail_due = time.monotonic() + settings.COUNCIL_JOBS_SECONDS
                try:
                    queued, sent = run_once()
                except Exception:  # the database away for a moment: the next pass tries again
                    log.exception("the jobs' pass failed")
                    queued = sent = 0
            try:
                pushed, failed = publish_once()
            except Exception:
                log.exception("the publishing pass failed")
                pushed = failed = 0
            if once:
                self.stdout.write(f"{queued} queued, {sent} sent, {pushed} published, {failed} not published")
                return
            time.sleep(settings.COUNCIL_PUBLISH_SECONDS)
            if os.getppid() != parent:
                return  # gunicorn's master is gone: so is its job
