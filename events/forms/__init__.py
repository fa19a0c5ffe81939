"""Forms: they parse and check the shape of input; the services check the rules.

One module per page family (``policy_fields`` holds the house policy form's parts); every form is
imported from here.
"""

from ..numbers import whole_number
from .base import LongSelect, add_service_error
from .decks import (
    BreakClockForm,
    CapabilityForm,
    DeckListForm,
    DeckSettingsForm,
    ProductForm,
    PublishForm,
    SignUpForm,
    SpotCheckForm,
)
from .event import (
    ArbiterForm,
    CloseForm,
    EventForm,
    ImportForm,
    OrganiserPlayerForm,
    PasteForm,
    PlayerForm,
    RegisterForm,
    RoundsForm,
    StaffForm,
    StartForm,
)
from .gatherings import AddEventForm, EnterEventForm, GatheringForm, GatheringRegisterForm, GatheringSignUpForm
from .members import MemberForm, MergeForm, PlayerNumberForm
from .policies import HousePolicyForm
from .publishing import PublishingForm
from .record import AuditFilterForm
from .results import CouncilForm, PlayerReportForm, ReportCodeForm, ResultForm, result_initial
from .rounds import ClockForm, SwapForm

__all__ = [
    "AddEventForm",
    "ArbiterForm",
    "AuditFilterForm",
    "BreakClockForm",
    "CapabilityForm",
    "ClockForm",
    "CloseForm",
    "CouncilForm",
    "DeckListForm",
    "DeckSettingsForm",
    "EnterEventForm",
    "EventForm",
    "GatheringForm",
    "GatheringRegisterForm",
    "GatheringSignUpForm",
    "HousePolicyForm",
    "ImportForm",
    "LongSelect",
    "MemberForm",
    "MergeForm",
    "OrganiserPlayerForm",
    "PasteForm",
    "PlayerForm",
    "PlayerNumberForm",
    "PlayerReportForm",
    "ProductForm",
    "PublishForm",
    "PublishingForm",
    "RegisterForm",
    "ReportCodeForm",
    "ResultForm",
    "RoundsForm",
    "SignUpForm",
    "SpotCheckForm",
    "StaffForm",
    "StartForm",
    "SwapForm",
    "add_service_error",
    "result_initial",
    "whole_number",
]
