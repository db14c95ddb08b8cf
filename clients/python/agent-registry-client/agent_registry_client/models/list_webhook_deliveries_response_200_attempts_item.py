from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_webhook_deliveries_response_200_attempts_item_delivery_status import (
    ListWebhookDeliveriesResponse200AttemptsItemDeliveryStatus,
)

T = TypeVar("T", bound="ListWebhookDeliveriesResponse200AttemptsItem")


@_attrs_define
class ListWebhookDeliveriesResponse200AttemptsItem:
    """
    Attributes:
        event_id (str):
        event_type (str):
        attempt (int):
        attempted_at (str):
        status_code (int | None): null when no answer came (timeout, refused connection)
        latency_ms (int):
        error (None | str):
        response_prefix (None | str): At most the first kilobyte of the answer
        delivery_status (ListWebhookDeliveriesResponse200AttemptsItemDeliveryStatus):
    """

    event_id: str
    event_type: str
    attempt: int
    attempted_at: str
    status_code: int | None
    latency_ms: int
    error: None | str
    response_prefix: None | str
    delivery_status: ListWebhookDeliveriesResponse200AttemptsItemDeliveryStatus

    def to_dict(self) -> dict[str, Any]:
        event_id = self.event_id

        event_type = self.event_type

        attempt = self.attempt

        attempted_at = self.attempted_at

        status_code: int | None
        status_code = self.status_code

        latency_ms = self.latency_ms

        error: None | str
        error = self.error

        response_prefix: None | str
        response_prefix = self.response_prefix

        delivery_status = self.delivery_status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "event_id": event_id,
                "event_type": event_type,
                "attempt": attempt,
                "attempted_at": attempted_at,
                "status_code": status_code,
                "latency_ms": latency_ms,
                "error": error,
                "response_prefix": response_prefix,
                "delivery_status": delivery_status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event_id = d.pop("event_id")

        event_type = d.pop("event_type")

        attempt = d.pop("attempt")

        attempted_at = d.pop("attempted_at")

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))

        latency_ms = d.pop("latency_ms")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_response_prefix(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response_prefix = _parse_response_prefix(d.pop("response_prefix"))

        delivery_status = ListWebhookDeliveriesResponse200AttemptsItemDeliveryStatus(d.pop("delivery_status"))

        list_webhook_deliveries_response_200_attempts_item = cls(
            event_id=event_id,
            event_type=event_type,
            attempt=attempt,
            attempted_at=attempted_at,
            status_code=status_code,
            latency_ms=latency_ms,
            error=error,
            response_prefix=response_prefix,
            delivery_status=delivery_status,
        )

        return list_webhook_deliveries_response_200_attempts_item
