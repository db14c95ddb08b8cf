from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.verify_mpp_payment_response_200_status import VerifyMppPaymentResponse200Status

if TYPE_CHECKING:
    from ..models.verify_mpp_payment_response_200_domain import VerifyMppPaymentResponse200Domain
    from ..models.verify_mpp_payment_response_200_order import VerifyMppPaymentResponse200Order


T = TypeVar("T", bound="VerifyMppPaymentResponse200")


@_attrs_define
class VerifyMppPaymentResponse200:
    """
    Attributes:
        status (VerifyMppPaymentResponse200Status):
        message (str):
        session_id (str):
        domain (VerifyMppPaymentResponse200Domain):
        order (VerifyMppPaymentResponse200Order):
        warnings (list[str]):
    """

    status: VerifyMppPaymentResponse200Status
    message: str
    session_id: str
    domain: VerifyMppPaymentResponse200Domain
    order: VerifyMppPaymentResponse200Order
    warnings: list[str]

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        message = self.message

        session_id = self.session_id

        domain = self.domain.to_dict()

        order = self.order.to_dict()

        warnings = self.warnings

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
                "session_id": session_id,
                "domain": domain,
                "order": order,
                "warnings": warnings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.verify_mpp_payment_response_200_domain import VerifyMppPaymentResponse200Domain  # noqa: PLC0415
        from ..models.verify_mpp_payment_response_200_order import VerifyMppPaymentResponse200Order  # noqa: PLC0415

        d = dict(src_dict)
        status = VerifyMppPaymentResponse200Status(d.pop("status"))

        message = d.pop("message")

        session_id = d.pop("session_id")

        domain = VerifyMppPaymentResponse200Domain.from_dict(d.pop("domain"))

        order = VerifyMppPaymentResponse200Order.from_dict(d.pop("order"))

        warnings = cast(list[str], d.pop("warnings"))

        verify_mpp_payment_response_200 = cls(
            status=status,
            message=message,
            session_id=session_id,
            domain=domain,
            order=order,
            warnings=warnings,
        )

        return verify_mpp_payment_response_200
