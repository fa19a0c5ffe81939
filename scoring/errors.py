"""The one error type of the rules engine.

Every rejection names the field that caused it and the rule that rejects it, so the web
app can show the message next to the field and a coordinator can look the rule up.
"""

from __future__ import annotations


class RuleError(ValueError):
    """Input the rules do not allow, or input that is malformed.

    ``field`` is a dotted path into the input (``rounds[2].games[0].result.mp``);
    ``rule`` cites the clause, or is empty when the input is merely malformed.
    """

    def __init__(self, message: str, *, field: str = "", rule: str = "") -> None:
        self.message = message
        self.field = field
        self.rule = rule
        super().__init__(self.one_line())

    def one_line(self) -> str:
        """The message as one line: field, message, and the rule in brackets."""
        text = f"{self.field}: {self.message}" if self.field else self.message
        return f"{text} [{self.rule}]" if self.rule else text

    def at(self, prefix: str) -> RuleError:
        """The same error with ``prefix`` put in front of its field path."""
        field = f"{prefix}.{self.field}" if self.field and not self.field.startswith("[") else f"{prefix}{self.field}"
        return RuleError(self.message, field=field, rule=self.rule)
