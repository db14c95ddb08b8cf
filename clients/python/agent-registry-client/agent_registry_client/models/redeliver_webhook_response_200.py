from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.redeliver_webhook_response_200_redelivery import RedeliverWebhookResponse200Redelivery
from ..models.redeliver_webhook_response_200_status import RedeliverWebhookResponse200Status

T = TypeVar("T", bound="RedeliverWebhookResponse200")


@_attrs_define
class RedeliverWebhookResponse200:
    """
    Attributes:
        status (RedeliverWebhookResponse200Status):
        message (str):
        event_id (str):
        redelivery (RedeliverWebhookResponse200Redelivery):
    """

    status: RedeliverWebhookResponse200Status
    message: str
    event_id: str
    redelivery: RedeliverWebhookResponse200Redelivery

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        message = self.message

        event_id = self.event_id

        redelivery = self.redelivery.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
                "event_id": event_id,
                "redelivery": redelivery,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = RedeliverWebhookResponse200Status(d.pop("status"))

        message = d.pop("message")

        event_id = d.pop("event_id")

        redelivery = RedeliverWebhookResponse200Redelivery(d.pop("redelivery"))

        redeliver_webhook_response_200 = cls(
            status=status,
            message=message,
            event_id=event_id,
            redelivery=redelivery,
        )

        return redeliver_webhook_response_200
