from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.pay_accepted_offer_response_200_status import PayAcceptedOfferResponse200Status

if TYPE_CHECKING:
    from ..models.pay_accepted_offer_response_200_sale import PayAcceptedOfferResponse200Sale


T = TypeVar("T", bound="PayAcceptedOfferResponse200")


@_attrs_define
class PayAcceptedOfferResponse200:
    """
    Attributes:
        status (PayAcceptedOfferResponse200Status):
        message (str):
        session_id (str):
        sale (PayAcceptedOfferResponse200Sale):
        warnings (list[str]):
    """

    status: PayAcceptedOfferResponse200Status
    message: str
    session_id: str
    sale: PayAcceptedOfferResponse200Sale
    warnings: list[str]

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        message = self.message

        session_id = self.session_id

        sale = self.sale.to_dict()

        warnings = self.warnings

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
                "session_id": session_id,
                "sale": sale,
                "warnings": warnings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pay_accepted_offer_response_200_sale import PayAcceptedOfferResponse200Sale  # noqa: PLC0415

        d = dict(src_dict)
        status = PayAcceptedOfferResponse200Status(d.pop("status"))

        message = d.pop("message")

        session_id = d.pop("session_id")

        sale = PayAcceptedOfferResponse200Sale.from_dict(d.pop("sale"))

        warnings = cast(list[str], d.pop("warnings"))

        pay_accepted_offer_response_200 = cls(
            status=status,
            message=message,
            session_id=session_id,
            sale=sale,
            warnings=warnings,
        )

        return pay_accepted_offer_response_200
