from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.ping_webhook_response_200_status import PingWebhookResponse200Status

if TYPE_CHECKING:
    from ..models.ping_webhook_response_200_attempt_type_0 import PingWebhookResponse200AttemptType0


T = TypeVar("T", bound="PingWebhookResponse200")


@_attrs_define
class PingWebhookResponse200:
    """
    Attributes:
        status (PingWebhookResponse200Status):
        event_id (str):
        delivered (bool):
        outcome (str): delivered, failed, subscription_disabled, or pending when no answer came in time
        attempt (None | PingWebhookResponse200AttemptType0):
    """

    status: PingWebhookResponse200Status
    event_id: str
    delivered: bool
    outcome: str
    attempt: None | PingWebhookResponse200AttemptType0

    def to_dict(self) -> dict[str, Any]:
        from ..models.ping_webhook_response_200_attempt_type_0 import PingWebhookResponse200AttemptType0  # noqa: PLC0415

        status = self.status.value

        event_id = self.event_id

        delivered = self.delivered

        outcome = self.outcome

        attempt: dict[str, Any] | None
        if isinstance(self.attempt, PingWebhookResponse200AttemptType0):
            attempt = self.attempt.to_dict()
        else:
            attempt = self.attempt

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "event_id": event_id,
                "delivered": delivered,
                "outcome": outcome,
                "attempt": attempt,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ping_webhook_response_200_attempt_type_0 import PingWebhookResponse200AttemptType0  # noqa: PLC0415

        d = dict(src_dict)
        status = PingWebhookResponse200Status(d.pop("status"))

        event_id = d.pop("event_id")

        delivered = d.pop("delivered")

        outcome = d.pop("outcome")

        def _parse_attempt(data: object) -> None | PingWebhookResponse200AttemptType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                attempt_type_0 = PingWebhookResponse200AttemptType0.from_dict(data)

                return attempt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PingWebhookResponse200AttemptType0, data)

        attempt = _parse_attempt(d.pop("attempt"))

        ping_webhook_response_200 = cls(
            status=status,
            event_id=event_id,
            delivered=delivered,
            outcome=outcome,
            attempt=attempt,
        )

        return ping_webhook_response_200
